import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import type { AppContext } from '../context';
import type { ListSpec } from '../http/list-query';
import { bool, scoped } from './scoped';

// Companies of the caller's tree with their counters (OpenAPI company fields).

export function companyListSpec(ctx: AppContext, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(ctx.db.selectFrom('companies as c').leftJoin('companies as p', 'p.id', 'c.parent_id'), actor, 'c.id'),
    idColumn: 'c.id',
    fields: {
      id: 'c.id',
      name: 'c.name',
      level: 'c.level',
      parent_id: 'c.parent_id',
      parent_name: 'p.name',
      payment_type: 'c.payment_type',
      show_payment: 'c.show_payment',
      users_count: sql`(select count(*) from users u where u.company_id = c.id)`,
      devices_count: sql`(select count(*) from devices d where d.company_id = c.id)`,
      credits_left: sql`(select coalesce(sum(cr.credit_left), 0) from credits cr where cr.company_id = c.id)`,
      remaining_data: 'c.remaining_data',
      created_at: 'c.created_at',
      updated_at: 'c.updated_at',
    },
    search: ['name'],
    sortable: [
      'id',
      'name',
      'company_name',
      'level',
      'parent_id',
      'created_at',
      'crated_at',
      'device_count',
      'devices_count',
    ],
    defaultSort: 'id',
    filters: { parent_id: 'c.parent_id', level: 'c.level' },
    map: (row) => ('show_payment' in row ? { ...row, show_payment: bool(row.show_payment) } : row),
  };
}

/** Sort aliases the OpenAPI names for companies. */
export function withCompanySortAliases(spec: ListSpec): ListSpec {
  return {
    ...spec,
    fields: {
      ...spec.fields,
      company_name: spec.fields.name,
      crated_at: spec.fields.created_at,
      device_count: spec.fields.devices_count,
    },
    hidden: ['company_name', 'crated_at', 'device_count'],
  };
}
