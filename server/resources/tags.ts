import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, requirePermission } from '../auth/guards';
import { customResource } from '../custom-fields/resources';
import { customKeys, withCustomFields, withExportColumns } from '../custom-fields/values';
import { csvStream } from '../http/csv-export';
import type { ListSpec } from '../http/list-query';
import { listRoute } from './list-route';
import { scoped } from './scoped';
import { tagActionsJson } from '../services/tag-actions';

/** A tag's devices. */
const DEVICE_COUNT = sql`(select count(*) from device_tags dt where dt.tag_id = t.id)`;

/** The tags list (and one tag, and its CSV export): each row with its custom fields. */
export function tagListSpec(app: FastifyInstance, actor: Actor): ListSpec {
  const spec: ListSpec = {
    from: () =>
      scoped(
        app.ctx.db.selectFrom('tags as t').innerJoin('companies as c', 'c.id', 't.company_id'),
        actor,
        't.company_id',
      ),
    idColumn: 't.id',
    fields: {
      id: 't.id',
      company_id: 't.company_id',
      company_name: 'c.name',
      name: 't.name',
      description: 't.description',
      color: 't.color',
      devices_count: DEVICE_COUNT,
      device_count: DEVICE_COUNT,
      actions: tagActionsJson(app.ctx.db),
      created_at: 't.created_at',
      updated_at: 't.updated_at',
    },
    search: ['name', 'description'],
    hidden: ['device_count'],
    // `device_count` is the OpenAPI's name of the sort by `devices_count`.
    sortable: ['id', 'name', 'company_name', 'devices_count', 'device_count', 'created_at'],
    defaultSort: 'id',
    filters: { company_id: 't.company_id' },
    json: ['actions'],
  };
  return withCustomFields(spec, app.ctx.db, app.ctx.documents, customResource('tags')!, [...actor.permissions]);
}

export default async function tags(app: FastifyInstance) {
  listRoute(app, '/tags', 'view_tags', (actor) => tagListSpec(app, actor));

  // The tags of the current filtered list as CSV, every page, streamed; a custom field is a column of its own.
  app.get('/tags/export/csv', { preHandler: requirePermission('view_tags') }, async (request, reply) => {
    const actor = actorOf(request);
    const resource = customResource('tags')!;
    const keys = await customKeys(app.ctx.db, await app.ctx.documents.fresh(), resource, actor);
    const spec = withExportColumns(tagListSpec(app, actor), keys);
    // Before the headers: a bad query is answered in the JSON envelope.
    const csv = await csvStream(spec, request.query as Record<string, unknown>);
    const stamp = app.ctx.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tags-${stamp}.csv"`)
      .send(csv);
  });
}
