import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import type { AppContext } from '../context';
import { enumFilter, type ListSpec } from '../http/list-query';
import { scoped } from './scoped';
import { deviceTextIndex, isPostgres, jsonArrayFrom } from '../db/dialect';
import { DEVICE_MONITORING } from '../services/device-monitoring';
import { deviceEnumFilters, MODEM_NEGATABLE, modemFilters } from './device-filters';
import { creditTypeFields, creditTypeFilters } from './device-credit-types';
import { deviceRecordFields } from './device-record';

// The device list of the RMS API (GET /devices): fields (the whole device
// record, device-record.ts), search, sort and filters as the OpenAPI names
// them, restricted to the caller's companies.

/**
 * The device's tags as a JSON array (text). Most devices carry none: a probe for the device's first tag
 * answers their empty list without running the aggregate, which was half of a page's database time on
 * PostgreSQL (pgbench, a page of 1,000,000 devices: about 30% more pages a second with the probe).
 */
const tagsJson = (ctx: AppContext) => {
  const tags = jsonArrayFrom(
    ctx.db,
    ctx.db
      .selectFrom('device_tags as dt')
      .innerJoin('tags as t', 't.id', 'dt.tag_id')
      .select(['t.id', 't.name', 't.color', 't.company_id'])
      .where('dt.device_id', '=', sql.ref<number>('d.id')),
  );
  return sql<string>`(case when exists (select 1 from device_tags as x where x.device_id = d.id) then ${tags} else '[]' end)`;
};

/** The OpenAPI's device status names and the codes stored for them. */
export const DEVICE_STATUS_CODES = { offline: 0, online: 1, not_activated: 3 };
/** A device added and waiting for its first connection (the OpenAPI has no name for it; its code filters). */
const DEVICE_PENDING = 2;

export function deviceListSpec(ctx: AppContext, actor: Actor): ListSpec {
  const postgres = isPostgres(ctx.db);
  return {
    from: (purpose, q) =>
      purpose === 'count'
        ? scoped(ctx.db.selectFrom('devices as d'), actor, 'd.company_id')
        : scoped(
            // SQLite keeps the left table of a CROSS JOIN outermost: without a search the devices are walked in the
            // order's index (last connection, name, id) and the walk stops after the page, whatever the statistics
            // say (with a small seeded fleet's, the planner walked the companies and sorted every device for each
            // page). A search starts from its matches instead (forced outermost, the devices took 8 s).
            postgres || q
              ? ctx.db.selectFrom('devices as d').innerJoin('companies as c', 'c.id', 'd.company_id')
              : ctx.db.selectFrom('devices as d').crossJoin('companies as c').whereRef('c.id', '=', 'd.company_id'),
            actor,
            'd.company_id',
            // PostgreSQL's statistics tell a small tenant (its company index) from a large one (the primary key).
            { noIndex: !postgres },
          ),
    // The devices per company and status (PostgreSQL, migration 131): the total of a million devices is a sum.
    totals: postgres
      ? {
          from: () => scoped(ctx.db.selectFrom('device_counts as n'), actor, 'n.company_id'),
          count: 'n.devices',
          filters: {
            status: enumFilter('n.status', DEVICE_STATUS_CODES, [DEVICE_PENDING]),
            company_id: 'n.company_id',
          },
        }
      : undefined,
    textIndex: deviceTextIndex(ctx.db),
    // A rare term's matches (a serial, a MAC) sorted take milliseconds; walking the ids to them, seconds.
    sortMatchesUpTo: postgres ? 10_000 : undefined,
    idColumn: 'd.id',
    fields: deviceRecordFields({
      id: 'd.id',
      company_id: 'd.company_id',
      company_name: 'c.name',
      name: 'd.name',
      model: 'd.model',
      original_model: 'd.original_model',
      serial: 'd.serial',
      mac: 'd.mac',
      imei: 'd.imei',
      firmware: 'd.firmware',
      status: 'd.status',
      is_facelift: 'd.is_facelift',
      signal: 'd.signal',
      temperature: 'd.temperature',
      operator: 'd.operator',
      connection_type: 'd.connection_type',
      connection_state: 'd.connection_state',
      digital_input: 'd.digital_input',
      digital_isolated_input: 'd.digital_isolated_input',
      analog_input: 'd.analog_input',
      ...creditTypeFields(),
      wan_ip: 'd.wan_ip',
      latitude: 'd.latitude',
      longitude: 'd.longitude',
      router_uptime: 'd.router_uptime',
      credit_enabled: 'd.credit_enabled',
      monitoring_enabled: 'd.monitoring_enabled',
      remaining_data: 'd.remaining_data',
      last_connection_at: 'd.last_connection_at',
      created_at: 'd.created_at',
      updated_at: 'd.updated_at',
      // The record's last change (a report of the device, an edit), the OpenAPI's date-time beside updated_at.
      last_update_at: 'd.updated_at',
      description: 'd.description',
      ...Object.fromEntries(DEVICE_MONITORING.map((name) => [name, `d.${name}`])),
      user_set_latitude: 'd.user_set_latitude',
      user_set_longitude: 'd.user_set_longitude',
      tags: tagsJson(ctx),
    }),
    search: ['name', 'serial', 'mac', 'imei'],
    // The global search asks for `name` (shell spec §7); operators know a device as well by its serial, MAC or IMEI.
    searchAliases: { name: ['name', 'serial', 'mac', 'imei'] },
    sortable: [
      'id',
      'name',
      'model',
      'serial',
      'mac',
      'firmware',
      'status',
      'company_name',
      'last_connection_at',
      'created_at',
      'signal',
    ],
    defaultSort: '-id',
    filters: {
      status: enumFilter('d.status', DEVICE_STATUS_CODES, [DEVICE_PENDING]),
      model: 'd.model',
      family: 'd.family',
      firmware: 'd.firmware',
      company_id: 'd.company_id',
      operator: 'd.operator',
      mac: 'd.mac',
      ...deviceEnumFilters(ctx),
      ...creditTypeFilters(),
      ...modemFilters(),
      // The tag's devices from its index (migration 160), walked in id order: a probe of each device for the tag
      // (EXISTS) visited the whole tenant for a tag of a few devices on SQLite.
      tag_id: (values) =>
        sql`d.id in (select dt.device_id from device_tags dt where dt.tag_id in (${sql.join(values.map(Number))}))`,
    },
    negatable: ['status', 'model', 'firmware', 'operator', 'tag_id', 'signal', ...MODEM_NEGATABLE],
    json: ['tags'],
  };
}
