import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { invalid, list, ok } from '../http/envelope';
import { parseListParams, type ListSpec } from '../http/list-query';
import { routeId } from '../services/ids';
import { listRoute } from './list-route';
import { scoped } from './scoped';

// What devices collected for data collect configs: a device's values over a
// time range grouped by moment (GET /devices/{id}/custom-data), one
// parameter's values counted (GET /data-collect/data/graph) or listed once
// each (GET /data-collect/data/values), and the parameters each config
// collects (GET /devices/data/fields). Only the caller's companies' data.

const VIEW = 'view_devices';

/** A `Y-m-d H:i:s` (UTC) query value as the stored ISO form, or a 422 on its field. */
function isoOf(value: unknown, source: string, end: boolean): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text);
  const iso = match ? `${match[1]}T${match[2]}.${end ? '999' : '000'}Z` : '';
  if (!match || Number.isNaN(Date.parse(iso)) || new Date(iso).toISOString().slice(0, 19) !== iso.slice(0, 19)) {
    throw invalid([source, `The ${source} must be a date in the format Y-m-d H:i:s.`]);
  }
  return iso;
}

/** The parts of a `field` parameter: config id, then optionally the URL and the parameter name. */
function fieldOf(value: unknown) {
  const parts = typeof value === 'string' ? value.split(':') : [];
  if (!/^\d{1,10}$/.test(parts[0] ?? '')) {
    throw invalid(['field', 'The field must be "config id:URL:parameter name".']);
  }
  const param = parts.length >= 3 ? parts.at(-1) : undefined;
  const url = parts.length >= 2 ? parts.slice(1, param === undefined ? undefined : -1).join(':') : undefined;
  return { configId: Number(parts[0]), url, param };
}

/** A stored value as the JSON type it reads as (numbers as numbers). */
const typed = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);

function fieldSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(app.ctx.db.selectFrom('records as r').where('r.kind', '=', 'data_collect_config'), actor, 'r.company_id'),
    idColumn: 'r.id',
    fields: { id: 'r.id', name: 'r.name', details: 'r.details' },
    search: ['name'],
    defaultSort: 'id',
    filters: { company_id: 'r.company_id' },
    map: ({ details, ...row }) => {
      const data = (JSON.parse(String(details ?? '{}')) as { data?: { url?: string | null; variables?: unknown[] }[] })
        .data;
      const fields = (data ?? []).flatMap((item) =>
        ((item.variables ?? []) as { id: string; description?: string }[]).map((v) => ({
          id: v.id,
          url: item.url ?? '',
          description: v.description ?? null,
        })),
      );
      return { ...row, fields };
    },
  };
}

/** The values of a field's parameters in the caller's configs. */
function valuesQuery(app: FastifyInstance, actor: Actor, field: ReturnType<typeof fieldOf>) {
  let query = scoped(
    app.ctx.db
      .selectFrom('data_collect_values as v')
      .innerJoin('records as r', 'r.id', 'v.config_id')
      .where('v.config_id', '=', field.configId),
    actor,
    'r.company_id',
  );
  if (field.url !== undefined) query = query.where('v.url', '=', field.url);
  if (field.param !== undefined) query = query.where('v.field', '=', field.param);
  return query;
}

export default async function dataCollectData(app: FastifyInstance) {
  const { db } = app.ctx;
  const view = { preHandler: requirePermission(VIEW) };

  listRoute(app, '/devices/data/fields', VIEW, (actor) => fieldSpec(app, actor));

  app.get('/data-collect/data/graph', view, async (request) => {
    const field = fieldOf((request.query as { field?: unknown }).field);
    const rows = await valuesQuery(app, actorOf(request), field)
      .select(['v.field', 'v.value', sql<number>`count(*)`.as('count')])
      .groupBy(['v.field', 'v.value'])
      .orderBy('v.field')
      .orderBy('v.value')
      .execute();
    const data: Record<string, Record<string, number>> = {};
    for (const row of rows) (data[row.field] ??= {})[row.value] = Number(row.count);
    return ok(data);
  });

  app.get('/data-collect/data/values', view, async (request) => {
    const field = fieldOf((request.query as { field?: unknown }).field);
    const rows = await valuesQuery(app, actorOf(request), field)
      .select(['v.field', 'v.value'])
      .distinct()
      .orderBy('v.field')
      .orderBy('v.value')
      .execute();
    const data: Record<string, string[]> = {};
    for (const row of rows) (data[row.field] ??= []).push(row.value);
    return ok(data);
  });

  app.get('/devices/:id/custom-data', view, async (request) => {
    const actor = actorOf(request);
    const query = request.query as Record<string, unknown>;
    const device = await db
      .selectFrom('devices')
      .select(['id', 'company_id'])
      .where('id', '=', routeId(request.params))
      .executeTakeFirst();
    assertTenancy(actor, device?.company_id, 'Device');
    const start = isoOf(query.start_date, 'start_date', false);
    const end = isoOf(query.end_date, 'end_date', true);
    const configId = query.config_id === undefined ? undefined : String(query.config_id);
    if (configId !== undefined && !/^\d{1,10}$/.test(configId)) {
      throw invalid(['config_id', 'The config id must be an integer.']);
    }
    const { limit, offset } = parseListParams(
      { limit: query.limit, offset: query.offset },
      { from: () => db.selectFrom('data_collect_values'), idColumn: 'id', fields: {}, search: [] },
    );
    let values = db
      .selectFrom('data_collect_values as v')
      .innerJoin('records as r', 'r.id', 'v.config_id')
      .where('v.device_id', '=', device!.id)
      .where('v.created_at', '>=', start)
      .where('v.created_at', '<=', end);
    values = scoped(values, actor, 'r.company_id');
    if (configId !== undefined) values = values.where('v.config_id', '=', Number(configId));
    const moments = await values
      .select('v.created_at')
      .distinct()
      .orderBy('v.created_at')
      .limit(limit)
      .offset(offset)
      .execute();
    const { total } = await values
      .select(sql<number>`count(distinct v.created_at)`.as('total'))
      .executeTakeFirstOrThrow();
    const times = moments.map((m) => m.created_at);
    const rows = times.length
      ? await values
          .select(['v.url', 'v.field', 'v.value', 'v.created_at'])
          .where('v.created_at', 'in', times)
          .execute()
      : [];
    const byTime = new Map(times.map((t) => [t, {} as Record<string, Record<string, unknown>>]));
    for (const row of rows) (byTime.get(row.created_at)![row.url] ??= {})[row.field] = typed(row.value);
    return list(
      times.map((created_at) => ({ data: byTime.get(created_at), created_at })),
      Number(total),
    );
  });
}
