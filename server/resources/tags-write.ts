import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, assertCompanyField, assertTenancy } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { customResource } from '../custom-fields/resources';
import { customValues, dropCustomValues, saveCustomValues } from '../custom-fields/values';
import { done, invalid } from '../http/envelope';
import { routeId } from '../services/ids';
import { checkedTagActions } from '../services/tag-actions';
import { requestField } from '../openapi/request-schema';
import { fieldText } from '../../engine/fields/text';
import { messages } from '../../engine/validators/messages';

// Tag writes: create (new-tag form, and the OpenAPI's tag actions beside
// it: services/tag-actions.ts), edit, remove. A form field the tags table
// does not store is a custom field of the tag (server/custom-fields), written
// in the same transaction as the tag.

const HEX = /^#[0-9a-fA-F]{6}$/;
const resource = customResource('tags')!;

// The edit's own limits when no form document is published for it (the new-tag form's, and the vendor's).
const editBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: ['string', 'null'], maxLength: 200 },
    color: { type: ['string', 'null'], pattern: HEX.source },
  },
} as const;

interface TagEdit {
  name?: string;
  description?: string | null;
  color?: string | null;
}

/**
 * The edit to apply: the published form document's value when one is published
 * for the call (the document decides its limits: the README's edit-tag), else
 * the body as the route's own schema checked it.
 */
function editOf(request: FastifyRequest): TagEdit {
  const { body } = request;
  // A form document decides the fields; a body that is no object at all is refused as the route's schema says.
  const notAnObject = body === null || typeof body !== 'object' || Array.isArray(body);
  if ((!request.form || notAnObject) && request.validationError) throw request.validationError;
  const sent = (request.form ?? request.body ?? {}) as Record<string, unknown>;
  const edit: TagEdit = {};
  if (sent.name !== undefined) edit.name = String(sent.name ?? '');
  for (const key of ['description', 'color'] as const)
    if (key in sent) edit[key] = sent[key] === undefined || sent[key] === null ? null : String(sent[key]);
  return edit;
}

export default async function tagsWrite(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  async function assertUniqueName(companyId: number, name: string, exceptId?: number) {
    let query = db.selectFrom('tags').select('id').where('company_id', '=', companyId).where('name', '=', name);
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw invalid(['name', 'A tag with this name already exists in the company.']);
  }

  const create = {
    // The tag's actions are the OpenAPI's, beside the form (no form field holds them).
    ...guard(app, { permission: 'create_tags', form: true, formOmits: ['actions'] }),
    schema: { body: { type: 'object', properties: { actions: requestField('post', '/tags', 'actions') } } },
  };
  app.post('/tags', create, async (request, reply) => {
    const actor = actorOf(request);
    const form = request.form!;
    const companyId = await assertCompanyField(db, actor, form.company_id);
    const name = String(form.name);
    const color = form.color ? String(form.color) : null;
    if (color && !HEX.test(color)) throw invalid(['color', 'The color must be a hex colour like #1a2b3c.']);
    await assertUniqueName(companyId, name);
    const sent = (request.body as { actions?: { action?: string; source_id?: number }[] }).actions ?? [];
    const actions = await checkedTagActions(db, companyId, sent);
    const now = ctx.now().toISOString();
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('tags')
        .values({
          company_id: companyId,
          name,
          description: form.description ? String(form.description) : null,
          color,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await saveCustomValues(trx, resource, { id: row.id, companyId }, customValues(resource, form), now);
      if (actions.length)
        await trx
          .insertInto('tag_actions')
          .values(actions.map((a) => ({ tag_id: row.id, action: a.action, source_id: a.source_id, created_at: now })))
          .execute();
      return row.id;
    });
    return reply.status(201).send({ success: true, data: { id }, message: 'Tag created successfully' });
  });

  app.put(
    '/tags/:id',
    {
      // A form document published for this call (edit-tag-details, or the worked example's edit-tag) is enforced on
      // every body: the OpenAPI's partial update (a description alone) passes a partial form, which needs a
      // required field only when it is sent.
      ...guard(app, { permission: 'update_tags', form: 'optional' }),
      schema: { body: editBody },
      attachValidation: true,
    },
    async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      const tag = await db.selectFrom('tags').select('company_id').where('id', '=', id).executeTakeFirst();
      assertTenancy(actor, tag?.company_id, 'Tag');
      const sent = editOf(request);
      // Field text as the form submits it (no HTML, trimmed): blank is no name.
      const name = sent.name === undefined ? undefined : String(fieldText(sent.name));
      const description = typeof sent.description === 'string' ? fieldText(sent.description) : sent.description;
      if (name !== undefined && !name) throw invalid(['name', messages.required('Name', 'name')]);
      if (name !== undefined) await assertUniqueName(tag!.company_id, name, id);
      const now = ctx.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('tags')
          .set({
            ...sent,
            ...(name !== undefined ? { name } : {}),
            ...(description !== undefined ? { description: description as string | null } : {}),
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        if (request.form)
          await saveCustomValues(
            trx,
            resource,
            { id, companyId: tag!.company_id },
            customValues(resource, request.form),
            now,
          );
      });
      return done(undefined, 'Tag updated successfully');
    },
  );

  app.delete('/tags/:id', guard(app, { permission: 'delete_tags' }), async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    const tag = await db.selectFrom('tags').select('company_id').where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, tag?.company_id, 'Tag');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('tags').where('id', '=', id).execute();
      await dropCustomValues(trx, resource, id);
    });
    return done(undefined, 'Tag removed successfully');
  });
}
