import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import type { ListSpec } from '../http/list-query';
import { listRoute } from './list-route';
import { scoped } from './scoped';

export function tagListSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
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
      devices_count: sql`(select count(*) from device_tags dt where dt.tag_id = t.id)`,
      actions: sql`'[]'`,
      created_at: 't.created_at',
      updated_at: 't.updated_at',
    },
    search: ['name', 'description'],
    sortable: ['id', 'name', 'company_name', 'devices_count', 'created_at'],
    defaultSort: 'id',
    filters: { company_id: 't.company_id' },
    map: (row) => ('actions' in row ? { ...row, actions: [] } : row),
  };
}

export default async function tags(app: FastifyInstance) {
  listRoute(app, '/tags', 'view_tags', (actor) => tagListSpec(app, actor));
}
