import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fullFormats } from 'ajv-formats/dist/formats';
import { messages } from '../../engine/validators/messages';
import { companySubtree } from '../auth/actor';
import { actorOf, assertCompanyField, assertTenancy } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { ApiError, done, invalid, notFound, ok } from '../http/envelope';
import { idField, routeId } from '../services/ids';
import { lockRows, transactionLock } from '../db/dialect';
import { customResource } from '../custom-fields/resources';
import { changesCustomValues, customValues, dropCustomValues, saveCustomValues } from '../custom-fields/values';
import { SAME_VALUE_MESSAGE } from '../../engine/domain/company-name';

// Company writes: create (a level-3 company creates no subsidiaries), edit
// name, move under another company, remove (refused while it has devices or
// subsidiaries). Tree writes check and write in one transaction under one lock.
// A form field the companies table does not store is a custom field of the
// company (server/custom-fields), written with it.

export const MAX_LEVEL = 3;
/** Serialises the writes that change the company tree. */
const TREE_LOCK = 'companies:tree';
const resource = customResource('companies')!;

/**
 * The OpenAPI's edit of a company carries the company's `email` beside its name: it must be an e-mail
 * address, and is taken off the body before the edit-company form (the name only) checks it. No company
 * record here has an e-mail address, and no read answers one (the vendor's neither), so it is not stored
 * (docs/api-compatibility.md).
 */
async function acceptCompanyEmail(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || !('email' in body)) return;
  const email = body.email;
  if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email.trim()))
    throw invalid(['email', messages.email('Email', 'email')]);
  delete body.email;
}

const EMAIL = fullFormats.email as RegExp;

export default async function companiesWrite(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const now = () => ctx.now().toISOString();

  app.post('/companies', guard(app, { permission: 'create_companies', form: true }), async (request, reply) => {
    const actor = actorOf(request);
    const form = request.form!;
    const parentId = await assertCompanyField(
      db,
      actor,
      idField(form.parent_id, 'parent_id', 'parent company'),
      'parent_id',
    );
    const name = String(form.name);
    const { id, level } = await db.transaction().execute(async (trx) => {
      await transactionLock(trx, TREE_LOCK);
      const parent = await trx
        .selectFrom('companies')
        .select(['id', 'level'])
        .where('id', '=', parentId)
        .executeTakeFirstOrThrow();
      if (parent.level >= MAX_LEVEL) {
        throw invalid(['parent_id', `A level ${parent.level} company cannot have subsidiaries.`]);
      }
      const twin = await trx
        .selectFrom('companies')
        .select('id')
        .where('parent_id', '=', parentId)
        .where('name', '=', name)
        .executeTakeFirst();
      if (twin) throw invalid(['name', 'A company with this name already exists under the parent company.']);
      const created = await trx
        .insertInto('companies')
        .values({
          name,
          parent_id: parentId,
          level: parent.level + 1,
          payment_type: 'free',
          show_payment: form.show_payment === true ? 1 : 0,
          remaining_data: 0,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const record = { id: created.id, companyId: created.id };
      await saveCustomValues(trx, resource, record, customValues(resource, form), now());
      return { id: created.id, level: parent.level + 1 };
    });
    return reply.status(201).send({
      success: true,
      data: { id, name, parent_id: parentId, level },
      message: 'Company created successfully',
    });
  });

  // The edit-company document bounds the name like the new-company document does.
  app.put(
    '/companies/:id',
    { ...guard(app, { permission: 'update_companies', form: true }), preValidation: acceptCompanyEmail },
    async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      assertTenancy(actor, id, 'Company');
      const name = String(request.form!.name);
      const current = await db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound('Company not found.');
      const custom = customValues(resource, request.form);
      // Nothing changed (the same name, no custom value changed): refused as the form refuses it.
      if (current.name === name && !(await changesCustomValues(db, resource, id, custom)))
        throw invalid(['name', SAME_VALUE_MESSAGE]);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('companies').set({ name, updated_at: now() }).where('id', '=', id).execute();
        await saveCustomValues(trx, resource, { id, companyId: id }, custom, now());
      });
      return done(undefined, 'Company updated successfully');
    },
  );

  app.post('/companies/move', guard(app, { permission: 'move_companies', form: true, mfa: true }), async (request) => {
    const actor = actorOf(request);
    const source = await assertCompanyField(
      db,
      actor,
      idField(request.form!.source, 'source', 'source company'),
      'source',
    );
    const target = await assertCompanyField(
      db,
      actor,
      idField(request.form!.target, 'target', 'target company'),
      'target',
    );
    if (source === actor.company.id) throw invalid(['source', 'Your own company cannot be moved.']);
    if (source === target) throw invalid(['target', 'The target company must differ from the source company.']);
    // The checks run inside the transaction, after the tree lock: concurrent moves cannot form a cycle or pass the depth.
    await db.transaction().execute(async (trx) => {
      await transactionLock(trx, TREE_LOCK);
      const subtree = await companySubtree(trx, source);
      if (subtree.includes(target)) throw invalid(['target', 'A company cannot be moved under its own subsidiary.']);
      const [src, dst] = await Promise.all([
        trx.selectFrom('companies').select(['id', 'level']).where('id', '=', source).executeTakeFirstOrThrow(),
        trx.selectFrom('companies').select(['id', 'level']).where('id', '=', target).executeTakeFirstOrThrow(),
      ]);
      const deepest = await trx
        .selectFrom('companies')
        .select((eb) => eb.fn.max('level').as('max'))
        .where('id', 'in', subtree)
        .executeTakeFirstOrThrow();
      const shift = dst.level + 1 - src.level;
      if (Number(deepest.max) + shift > MAX_LEVEL) {
        throw invalid(['target', `The company tree may not be deeper than ${MAX_LEVEL} levels.`]);
      }
      await trx
        .updateTable('companies')
        .set({ parent_id: target, updated_at: now() })
        .where('id', '=', source)
        .execute();
      await trx
        .updateTable('companies')
        .set((eb) => ({ level: eb('level', '+', shift) }))
        .where('id', 'in', subtree)
        .execute();
    });
    return done(undefined, 'Company moved successfully');
  });

  app.delete('/companies/:id', guard(app, { permission: 'delete_companies', mfa: true }), async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    assertTenancy(actor, id, 'Company');
    if (id === actor.company.id)
      throw ApiError.of(422, 'VALIDATION_ERROR', 'Your own company cannot be removed.', 'id');
    await db.transaction().execute(async (trx) => {
      await transactionLock(trx, TREE_LOCK);
      // The company row stays locked until the removal: a device or subsidiary added meanwhile waits for it.
      await lockRows(trx, trx.selectFrom('companies').select('id').where('id', '=', id)).execute();
      const [devices, children] = await Promise.all([
        trx.selectFrom('devices').select('id').where('company_id', '=', id).limit(1).executeTakeFirst(),
        trx.selectFrom('companies').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst(),
      ]);
      if (devices)
        throw ApiError.of(422, 'COMPANY_HAS_DEVICES', 'The company has devices and cannot be removed.', 'id');
      if (children)
        throw ApiError.of(422, 'COMPANY_HAS_SUBSIDIARIES', 'The company has subsidiaries and cannot be removed.', 'id');
      await trx.deleteFrom('users').where('company_id', '=', id).execute();
      await trx.deleteFrom('companies').where('id', '=', id).execute();
      await dropCustomValues(trx, resource, id);
    });
    return done(undefined, 'Company removed successfully');
  });

  app.get(
    '/companies/tree',
    { preHandler: guard(app, { permission: 'view_companies' }).preHandler },
    async (request) => {
      const actor = actorOf(request);
      let query = db
        .selectFrom('companies')
        .select(['id', 'name', 'parent_id', 'level'])
        .orderBy('level')
        .orderBy('name');
      if (actor.companyIds) query = query.where('id', 'in', actor.companyIds);
      return ok(await query.execute());
    },
  );
}
