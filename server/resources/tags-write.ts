import type { FastifyInstance } from 'fastify';
import { actorOf, assertCompanyField, assertTenancy } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { done, invalid } from '../http/envelope';
import { routeId } from '../services/ids';
import { fieldText } from '../../engine/fields/text';
import { messages } from '../../engine/validators/messages';

// Tag writes: create (new-tag form), edit, remove.

const HEX = /^#[0-9a-fA-F]{6}$/;

export default async function tagsWrite(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  async function assertUniqueName(companyId: number, name: string, exceptId?: number) {
    let query = db.selectFrom('tags').select('id').where('company_id', '=', companyId).where('name', '=', name);
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw invalid(['name', 'A tag with this name already exists in the company.']);
  }

  app.post('/tags', guard(app, { permission: 'create_tags', form: true }), async (request, reply) => {
    const actor = actorOf(request);
    const form = request.form!;
    const companyId = await assertCompanyField(db, actor, form.company_id);
    const name = String(form.name);
    const color = form.color ? String(form.color) : null;
    if (color && !HEX.test(color)) throw invalid(['color', 'The color must be a hex colour like #1a2b3c.']);
    await assertUniqueName(companyId, name);
    const now = ctx.now().toISOString();
    const { id } = await db
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
    return reply.status(201).send({ success: true, data: { id }, message: 'Tag created successfully' });
  });

  app.put(
    '/tags/:id',
    {
      // A form document published for this call (the README's worked example, edit-tag) is enforced.
      ...guard(app, { permission: 'update_tags', form: 'optional' }),
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            // The new-tag form's limits (the vendor's too), so an edit saves what a create stored.
            description: { type: ['string', 'null'], maxLength: 200 },
            color: { type: ['string', 'null'], pattern: HEX.source },
          },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      const tag = await db.selectFrom('tags').select('company_id').where('id', '=', id).executeTakeFirst();
      assertTenancy(actor, tag?.company_id, 'Tag');
      const sent = request.body as { name?: string; description?: string | null; color?: string | null };
      // Field text as the form submits it (no HTML, trimmed): blank is no name.
      const name = sent.name === undefined ? undefined : String(fieldText(sent.name));
      const description = typeof sent.description === 'string' ? fieldText(sent.description) : sent.description;
      if (name !== undefined && !name) throw invalid(['name', messages.required('Name', 'name')]);
      if (name !== undefined) await assertUniqueName(tag!.company_id, name, id);
      await db
        .updateTable('tags')
        .set({
          ...sent,
          ...(name !== undefined ? { name } : {}),
          ...(description !== undefined ? { description: description as string | null } : {}),
          updated_at: ctx.now().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return done(undefined, 'Tag updated successfully');
    },
  );

  app.delete('/tags/:id', guard(app, { permission: 'delete_tags' }), async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    const tag = await db.selectFrom('tags').select('company_id').where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, tag?.company_id, 'Tag');
    await db.deleteFrom('tags').where('id', '=', id).execute();
    return done(undefined, 'Tag removed successfully');
  });
}
