import type { FastifyInstance } from 'fastify';
import { companySubtree } from '../auth/actor';
import { actorOf, assertCompanyField, assertTenancy } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { ApiError, done, invalid, ok } from '../http/envelope';
import { idField, routeId } from '../services/ids';

// Company writes: create (a level-3 company creates no subsidiaries), edit
// name, move under another company, remove (refused while it has devices or
// subsidiaries).

export const MAX_LEVEL = 3;

export default async function companiesWrite(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const now = () => ctx.now().toISOString();

  app.post('/companies', guard(app, { permission: 'create_companies', form: true }), async (request, reply) => {
    const actor = actorOf(request);
    const form = request.form!;
    const parentId = assertCompanyField(actor, idField(form.parent_id, 'parent_id', 'parent company'), 'parent_id');
    const parent = await db
      .selectFrom('companies')
      .select(['id', 'level'])
      .where('id', '=', parentId)
      .executeTakeFirstOrThrow();
    if (parent.level >= MAX_LEVEL) {
      throw invalid(['parent_id', `A level ${parent.level} company cannot have subsidiaries.`]);
    }
    const name = String(form.name);
    const twin = await db
      .selectFrom('companies')
      .select('id')
      .where('parent_id', '=', parentId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (twin) throw invalid(['name', 'A company with this name already exists under the parent company.']);
    const { id } = await db
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
    return reply.status(201).send({
      success: true,
      data: { id, name, parent_id: parentId, level: parent.level + 1 },
      message: 'Company created successfully',
    });
  });

  app.put(
    '/companies/:id',
    {
      ...guard(app, { permission: 'update_companies' }),
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', maxLength: 255 } },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      assertTenancy(actor, id, 'Company');
      const name = (request.body as { name: string }).name.trim();
      if (name.length < 3) throw invalid(['name', 'The name must be at least 3 characters.']);
      const current = await db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirstOrThrow();
      if (current.name === name) throw invalid(['name', 'Please input different value to save changes.']);
      await db.updateTable('companies').set({ name, updated_at: now() }).where('id', '=', id).execute();
      return done(undefined, 'Company updated successfully');
    },
  );

  app.post('/companies/move', guard(app, { permission: 'move_companies', form: true, mfa: true }), async (request) => {
    const actor = actorOf(request);
    const source = assertCompanyField(actor, idField(request.form!.source, 'source', 'source company'), 'source');
    const target = assertCompanyField(actor, idField(request.form!.target, 'target', 'target company'), 'target');
    if (source === actor.company.id) throw invalid(['source', 'Your own company cannot be moved.']);
    if (source === target) throw invalid(['target', 'The target company must differ from the source company.']);
    const subtree = await companySubtree(db, source);
    if (subtree.includes(target)) throw invalid(['target', 'A company cannot be moved under its own subsidiary.']);
    const [src, dst] = await Promise.all([
      db.selectFrom('companies').select(['id', 'level']).where('id', '=', source).executeTakeFirstOrThrow(),
      db.selectFrom('companies').select(['id', 'level']).where('id', '=', target).executeTakeFirstOrThrow(),
    ]);
    const deepest = await db
      .selectFrom('companies')
      .select((eb) => eb.fn.max('level').as('max'))
      .where('id', 'in', subtree)
      .executeTakeFirstOrThrow();
    const shift = dst.level + 1 - src.level;
    if (Number(deepest.max) + shift > MAX_LEVEL) {
      throw invalid(['target', `The company tree may not be deeper than ${MAX_LEVEL} levels.`]);
    }
    await db.transaction().execute(async (trx) => {
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
    const [devices, children] = await Promise.all([
      db.selectFrom('devices').select('id').where('company_id', '=', id).limit(1).executeTakeFirst(),
      db.selectFrom('companies').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst(),
    ]);
    if (devices) throw ApiError.of(422, 'COMPANY_HAS_DEVICES', 'The company has devices and cannot be removed.', 'id');
    if (children)
      throw ApiError.of(422, 'COMPANY_HAS_SUBSIDIARIES', 'The company has subsidiaries and cannot be removed.', 'id');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('users').where('company_id', '=', id).execute();
      await trx.deleteFrom('companies').where('id', '=', id).execute();
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
