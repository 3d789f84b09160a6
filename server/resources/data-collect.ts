import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, requirePermission } from '../auth/guards';
import { invalid } from '../http/envelope';
import type { ListSpec } from '../http/list-query';
import { assertDevicesInScope } from '../services/bulk';
import { routeId } from '../services/ids';
import { assignBody, configBody, unassignBody, type AssignBody, type ConfigBody } from './data-collect-schemas';
import { listRoute } from './list-route';
import { bool, scoped } from './scoped';
import { recordOf } from './record-of';

// Data collect configs (records of kind data_collect_config; GET lives with
// the records): created, changed and removed; assigned to the caller's
// devices with a period and an on/off switch, unassigned; the assignments
// and the collection logs listed.

const VIEW = 'view_devices';
const MANAGE = 'update_devices';
const KIND = 'data_collect_config';

/** The config of a route or body when it is one of the caller's (404 otherwise). */
async function configOf(db: Kysely<Database>, actor: Actor, id: number) {
  return recordOf(db, actor, KIND, id, 'Data collect config');
}

/** The config's columns and details from a request body (the protocol and version a seeded config has stay). */
async function configValues(db: Kysely<Database>, actor: Actor, body: ConfigBody, previous: string) {
  const companyId = await assertCompanyField(db, actor, body.company_id);
  const documentation = await db
    .selectFrom('api_specifications')
    .select(['id', 'system'])
    .where('id', '=', body.device_documentation_id)
    .executeTakeFirst();
  if (!documentation) {
    throw invalid(['device_documentation_id', 'The selected device documentation id is invalid.']);
  }
  const { name, company_id: _company, enabled, ...rest } = body;
  const details = { type: 'custom', version: '1.0', ...(JSON.parse(previous) as object), ...rest };
  return {
    company_id: companyId,
    name: name ?? '',
    status: enabled ? 'enabled' : 'disabled',
    details: JSON.stringify({ ...details, api_system: body.api_system ?? documentation.system }),
  };
}

/** The number of variables a config collects. */
function fieldsCount(details: unknown): number {
  const data = (JSON.parse(String(details ?? '{}')) as { data?: { variables?: unknown[] }[] }).data ?? [];
  return data.reduce((n, item) => n + (item.variables?.length ?? 0), 0);
}

function assignedSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db
          .selectFrom('data_collect_assignments as a')
          .innerJoin('records as r', 'r.id', 'a.config_id')
          .innerJoin('devices as d', 'd.id', 'a.device_id'),
        actor,
        'd.company_id',
      ),
    idColumn: 'a.config_id',
    fields: {
      company_id: 'r.company_id',
      device_id: 'a.device_id',
      config_id: 'a.config_id',
      enabled: 'a.enabled',
      period: 'a.period',
      config_name: 'r.name',
      config_details: 'r.details',
      device_name: 'd.name',
      device_description: 'd.description',
      last_updated_at: 'a.updated_at',
    },
    search: ['config_name', 'device_name'],
    sortable: ['config_id', 'device_id', 'period', 'last_updated_at'],
    defaultSort: 'config_id',
    filters: { device_id: 'a.device_id', config_id: 'a.config_id', company_id: 'r.company_id' },
    map: ({ config_details, ...row }) => ({
      ...row,
      enabled: bool(row.enabled),
      config_description: (JSON.parse(String(config_details)) as { description?: string | null }).description ?? null,
      config_type: 'user',
      fields_count: fieldsCount(config_details),
      editable: actor.companyIds === null || actor.companyIds.includes(Number(row.company_id)),
    }),
  };
}

function logSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db.selectFrom('data_collect_logs as l').innerJoin('devices as d', 'd.id', 'l.device_id'),
        actor,
        'd.company_id',
      ),
    idColumn: 'l.id',
    fields: {
      id: 'l.id',
      log: 'l.log',
      config_id: 'l.config_id',
      device_id: 'l.device_id',
      created_at: 'l.created_at',
    },
    search: ['log'],
    defaultSort: '-id',
    filters: { device_id: 'l.device_id', config_id: 'l.config_id' },
    map: (row) => ({ ...row, ...('log' in row ? { log: JSON.parse(String(row.log)) as string[] } : {}) }),
  };
}

export default async function dataCollect(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  listRoute(app, '/data-collect/configs/assigned', VIEW, (actor) => assignedSpec(app, actor));
  listRoute(app, '/data-collect/configs/logs', VIEW, (actor) => logSpec(app, actor));

  app.post(
    '/data-collect/configs',
    { preHandler: requirePermission(MANAGE), schema: { body: configBody } },
    async (request) => {
      const values = await configValues(db, actorOf(request), request.body as ConfigBody, '{}');
      const { id } = await db
        .insertInto('records')
        .values({ kind: KIND, ...values, created_at: ctx.now().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { success: true, data: { id } };
    },
  );

  app.put(
    '/data-collect/configs/:id',
    { preHandler: requirePermission(MANAGE), schema: { body: configBody } },
    async (request) => {
      const actor = actorOf(request);
      const config = await configOf(db, actor, routeId(request.params));
      const values = await configValues(db, actor, request.body as ConfigBody, config.details);
      await db.updateTable('records').set(values).where('id', '=', config.id).execute();
      return { success: true };
    },
  );

  app.delete('/data-collect/configs/:id', { preHandler: requirePermission(MANAGE) }, async (request) => {
    const config = await configOf(db, actorOf(request), routeId(request.params));
    await db.transaction().execute(async (trx) => {
      for (const table of ['data_collect_assignments', 'data_collect_values', 'data_collect_logs'] as const) {
        await trx.deleteFrom(table).where('config_id', '=', config.id).execute();
      }
      await trx.deleteFrom('records').where('id', '=', config.id).execute();
    });
    return { success: true };
  });

  app.put(
    '/data-collect/configs/assign',
    { preHandler: requirePermission(MANAGE), schema: { body: assignBody } },
    async (request) => {
      const actor = actorOf(request);
      const { configs } = request.body as AssignBody;
      // Everything is checked before anything is written.
      for (const [i, entry] of configs.entries()) {
        const id = Number(entry.id);
        const found = await db
          .selectFrom('records')
          .select('company_id')
          .where('id', '=', id)
          .where('kind', '=', KIND)
          .executeTakeFirst();
        if (!found || (actor.companyIds !== null && !actor.companyIds.includes(found.company_id))) {
          throw invalid([`configs.${i}.id`, 'The selected config is invalid.']);
        }
        await assertDevicesInScope(ctx, actor, entry.device_id).catch(() => {
          throw invalid([`configs.${i}.device_id`, 'Some of the selected devices were not found.']);
        });
      }
      const now = ctx.now().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const entry of configs) {
          const configId = Number(entry.id);
          await trx
            .deleteFrom('data_collect_assignments')
            .where('config_id', '=', configId)
            .where('device_id', 'in', entry.device_id)
            .execute();
          await trx
            .insertInto('data_collect_assignments')
            .values(
              entry.device_id.map((device_id) => ({
                config_id: configId,
                device_id,
                period: entry.period,
                enabled: entry.enabled ? 1 : 0,
                updated_at: now,
              })),
            )
            .execute();
        }
      });
      return { success: true };
    },
  );

  app.put(
    '/data-collect/configs/:id/unassign',
    { preHandler: requirePermission(MANAGE), schema: { body: unassignBody } },
    async (request) => {
      const actor = actorOf(request);
      const config = await configOf(db, actor, routeId(request.params));
      const ids = (request.body as { device_id: number[] }).device_id;
      const assigned = await scoped(
        db
          .selectFrom('data_collect_assignments as a')
          .innerJoin('devices as d', 'd.id', 'a.device_id')
          .select(sql<number>`count(*)`.as('n'))
          .where('a.config_id', '=', config.id)
          .where('a.device_id', 'in', ids),
        actor,
        'd.company_id',
      ).executeTakeFirstOrThrow();
      if (Number(assigned.n) !== ids.length) {
        throw invalid(['device_id', 'Some of the selected devices are not assigned to this config.']);
      }
      await db
        .deleteFrom('data_collect_assignments')
        .where('config_id', '=', config.id)
        .where('device_id', 'in', ids)
        .execute();
      return { success: true };
    },
  );
}
