import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, assertTenancy, requirePermission } from '../auth/guards';
import { invalid, list, notFound } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { reportDone } from '../services/action-report';
import { assertDevicesInScope } from '../services/bulk';
import { runAction, type ConfigRequest } from '../services/device-configuration';
import { idList, routeId } from '../services/ids';
import { configurationBody, configureBody, templateBody } from './configurator-schemas';

// Device multi configuration: the device API documentation a device follows
// (GET /devices/configurator/specification), a device's configuration read
// (POST …/configuration) and written to devices (POST …/configure), both
// answered on an action channel and logged per device (GET
// /devices/{id}/configurator/logs[/{action_name}]); templates created
// (POST …/templates; listed with the records, used by pages-actions).

const PERMISSION = 'create_multi_configuration';

type Element = { key?: string; value?: string };
type Search = { search_key?: string; path?: string; elements?: Element[] };

/** The configuration narrowed to the keys the search elements name (all of it when none). */
function searched(content: unknown, search: Search[] = []) {
  const keys = search.map((s) => s.search_key).filter((k): k is string => Boolean(k));
  if (!keys.length || !content || typeof content !== 'object') return content;
  return Object.fromEntries(Object.entries(content).filter(([k]) => keys.includes(k)));
}

/** The request objects of a write: each entry a JSON object, or a 422 on it. */
function requestObjects(values: string[] | undefined, source: string): Record<string, unknown>[] {
  return (values ?? []).map((text, i) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      throw invalid([`${source}.${i}`, 'The request data must be a JSON object.']);
    }
    return value as Record<string, unknown>;
  });
}

function logSpec(app: FastifyInstance, deviceId: number, actionName?: string): ListSpec {
  return {
    from: () => {
      const q = app.ctx.db.selectFrom('configurator_logs as l').where('l.device_id', '=', deviceId);
      return actionName === undefined ? q : q.where('l.action_name', '=', actionName);
    },
    idColumn: 'l.id',
    fields: {
      request_id: 'l.id',
      device_id: 'l.device_id',
      action_name: 'l.action_name',
      display_name: 'l.display_name',
      method: 'l.method',
      route: 'l.route',
      request_message: 'l.request_message',
      response_message: 'l.response_message',
      response_code: 'l.response_code',
      request_state: 'l.request_state',
      duration: 'l.duration',
      created_at: 'l.created_at',
    },
    search: ['route', 'display_name'],
    sortable: ['request_id', 'created_at', 'route'],
    defaultSort: '-request_id',
    filters: { request_state: 'l.request_state', method: 'l.method' },
    map: (row) => ({
      ...row,
      ...('duration' in row ? { execution_duration: row.duration } : {}),
      ...('created_at' in row ? { updated_at: row.created_at } : {}),
      request_hidden: 0,
    }),
  };
}

export default async function configurator(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const preHandler = requirePermission(PERMISSION);

  async function deviceOf(actor: Actor, id: number) {
    const device = await db.selectFrom('devices').select(['id', 'company_id']).where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, device?.company_id, 'Device');
    return device!;
  }

  app.get('/devices/configurator/specification', { preHandler }, async (request) => {
    const actor = actorOf(request);
    const raw = (request.query as { device_id?: unknown }).device_id;
    const ids = idList(typeof raw === 'string' ? raw.split(',') : raw, 'device_id');
    if (!ids.length) throw invalid(['device_id', 'The device id field is required.']);
    await assertDevicesInScope(ctx, actor, ids);
    const models = await db.selectFrom('devices').select('model').distinct().where('id', 'in', ids).execute();
    const systems = new Set(models.map((m) => (m.model.startsWith('TSW') ? 'tswos' : 'rutos')));
    if (systems.size !== 1) throw invalid(['device_id', 'The selected devices must run the same system.']);
    const [system] = systems;
    const documentation = await db
      .selectFrom('api_specifications')
      .select('id')
      .where('system', '=', system)
      .orderBy('version', 'desc')
      .executeTakeFirst();
    if (!documentation) throw notFound(`No device API documentation was uploaded for ${system}.`);
    return { success: true, url: `/api/devices/configurator/specifications/${documentation.id}` };
  });

  app.get('/devices/configurator/specifications/:id', { preHandler }, async (request, reply) => {
    const documentation = await db
      .selectFrom('api_specifications')
      .select('content')
      .where('id', '=', routeId(request.params))
      .executeTakeFirst();
    if (!documentation) throw notFound('Device API documentation not found.');
    return reply.header('content-type', 'application/json; charset=utf-8').send(documentation.content);
  });

  app.post(
    '/devices/configurator/configuration',
    { preHandler, schema: { body: configurationBody } },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as { device_id: number; endpoints?: { path: string; search_elements?: Search[] }[] };
      const device = await deviceOf(actor, body.device_id);
      const endpoints = body.endpoints ?? [];
      const { results, actionName } = await runAction(
        db,
        'Get configuration',
        endpoints.map((e) => ({ device_id: device.id, method: 'GET', path: e.path, data: [] })),
        ctx.now().toISOString(),
      );
      const failed = results.filter((r) => r.code !== 200).length;
      const data = results.map((r, i) => ({
        path: r.path,
        code: r.code,
        data: searched(r.content, endpoints[i].search_elements),
      }));
      return reportDone(ctx, actor, {
        total: results.length,
        done: results.length - failed,
        failed,
        data: { action_name: actionName, endpoints: data },
      });
    },
  );

  app.post('/devices/configurator/configure', { preHandler, schema: { body: configureBody } }, async (request) => {
    const actor = actorOf(request);
    const { configuration } = request.body as {
      configuration: { device_id: number[]; path: string; method: string; request_data?: string[] }[];
    };
    // Everything is checked before any device is written.
    const requests: ConfigRequest[] = [];
    for (const [i, entry] of configuration.entries()) {
      await assertDevicesInScope(ctx, actor, entry.device_id).catch(() => {
        throw invalid([`configuration.${i}.device_id`, 'Some of the selected devices were not found.']);
      });
      const method = entry.method.toUpperCase();
      const data = method === 'DELETE' ? [] : requestObjects(entry.request_data, `configuration.${i}.request_data`);
      if (method !== 'DELETE' && !data.length) {
        throw invalid([
          `configuration.${i}.request_data`,
          'The request data field is required unless the method is delete.',
        ]);
      }
      for (const device_id of entry.device_id) requests.push({ device_id, method, path: entry.path, data });
    }
    const { results, actionName } = await runAction(db, 'Send configuration', requests, ctx.now().toISOString());
    const failed = results.filter((r) => r.code !== 200).length;
    return reportDone(ctx, actor, {
      total: results.length,
      done: results.length - failed,
      failed,
      data: { action_name: actionName },
    });
  });

  app.post(
    '/devices/configurator/templates',
    { preHandler, schema: { body: templateBody } },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body as { company_id: number; name: string; version: string; template: unknown[] };
      const companyId = await assertCompanyField(db, actor, body.company_id);
      const now = ctx.now().toISOString();
      const { id } = await db
        .insertInto('records')
        .values({
          kind: 'configurator_template',
          company_id: companyId,
          name: body.name.trim(),
          status: 'active',
          details: JSON.stringify({ version: body.version, template: JSON.stringify(body.template), updated_at: now }),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ success: true, data: { id } });
    },
  );

  app.get('/devices/:id/configurator/logs', { preHandler }, async (request) => {
    const device = await deviceOf(actorOf(request), routeId(request.params));
    const { data, total } = await runList(logSpec(app, device.id), request.query as Record<string, unknown>);
    return list(data, total);
  });

  app.get('/devices/:id/configurator/logs/:action_name', { preHandler }, async (request) => {
    const device = await deviceOf(actorOf(request), routeId(request.params));
    const { action_name } = request.params as { action_name: string };
    const spec = logSpec(app, device.id, action_name);
    const { data, total } = await runList(spec, request.query as Record<string, unknown>);
    return list(data, total);
  });
}
