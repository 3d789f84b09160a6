import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { connectPath } from '../../engine/device/connect';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { randomToken } from '../auth/tokens';
import { bound, DATE, iso } from '../http/date-range';
import { invalid, list } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { routeId } from '../services/ids';
import { reportDone } from '../services/action-report';
import { accessHistory } from './remote-access';
import { WEBUI_PATH, webUiPath } from '../remote/webui-proxy';
import type { AppContext } from '../context';

// RMS Connect: a "connect" opens a session on a remote access entry (a row of
// the access history with a link token and an expiry) and answers the
// OpenAPI's channel envelope; ActionCompleted on the channel carries the link
// (this server's rms-connect page for the entry). Sessions are listed per
// entry and in the connection logs, ended by DELETE, and their status asked
// for by id, and restarted by its link (POST /rms-connect/restart). A
// session is active until it is closed or its time runs out.

type ConnectType = 'webui' | 'lan-webui' | 'cli';

/** A session's type: stored since RMS Connect sessions, by protocol for older history rows. */
const TYPE = sql<string>`coalesce(h.type, case when h.protocol in ('http', 'https') then 'lan-webui' else 'cli' end)`;
const END = sql<string>`coalesce(h.ended_at, h.expires_at)`;
/** Longest session a connect may ask for: a day. */
const MAX_DURATION = 86_400;
const DURATION_BODY = {
  type: 'object',
  required: ['duration'],
  properties: { duration: { type: 'integer', minimum: 10, maximum: MAX_DURATION } },
} as const;

function sessionSpec(app: FastifyInstance, actor: Actor): ListSpec {
  const now = app.ctx.now().toISOString();
  const active = sql<boolean>`(h.ended_at is null and h.expires_at > ${now})`;
  return {
    from: () => accessHistory(app, actor),
    idColumn: 'h.id',
    fields: {
      id: 'h.id',
      type: TYPE,
      start_time: 'h.started_at',
      end_time: END,
      input_data: 'h.input_data',
      output_data: 'h.output_data',
      username: 'u.username',
      company_name: 'c.name',
      start_date: 'h.started_at',
      end_date: 'h.ended_at',
      remote_access_id: 'h.remote_access_id',
      protocol: 'h.protocol',
      token: 'h.token',
      expires_at: 'h.expires_at',
      ended_at: 'h.ended_at',
    },
    hidden: ['start_date', 'end_date', 'remote_access_id', 'protocol', 'token', 'expires_at', 'ended_at'],
    search: ['username', 'company_name'],
    sortable: ['id', 'start_date', 'end_date', 'company_name', 'input_data', 'output_data'],
    defaultSort: '-id',
    filters: {
      remote_access_id: 'h.remote_access_id',
      user_id: 'h.user_id',
      type: TYPE,
      active: (values) => (values.includes('true') ? active : sql<boolean>`not ${active}`),
      start_date: ([from]) => sql<boolean>`h.started_at >= ${iso(bound(from, 'start_date'))}`,
      end_date: ([to]) => sql<boolean>`h.started_at < ${iso(bound(to, 'end_date', true))}`,
    },
    maxLimit: 100,
  };
}

/** Seconds left of a session (0 once closed or expired). */
function ttlOf(row: Record<string, unknown>, now: Date): number {
  if (row.ended_at || !row.expires_at) return 0;
  return Math.max(0, Math.round((Date.parse(String(row.expires_at)) - now.getTime()) / 1000));
}

/**
 * This server's page for a session, its key in `key` (shell spec: the ssh and desktop pages open
 * without login with a key): the rms-connect page of the entry's protocol, else (WebUI) the proxy's
 * session path.
 */
function sessionUrl(entry: { id: number; protocol: string }, token: string | null): string {
  const page = connectPath(entry);
  return page ? `${page}&key=${encodeURIComponent(token ?? '')}` : webUiPath(token ?? '');
}

/** A link's key: in the WebUI proxy's path, else `key` (`session` in links made before keys were named `key`). */
function linkKey(url: URL): string | null {
  const proxied = new RegExp(`^${WEBUI_PATH}/([^/]+)`).exec(url.pathname);
  if (proxied) return decodeURIComponent(proxied[1]);
  return url.searchParams.get('key') ?? url.searchParams.get('session');
}

/** A new session (a row of the access history with its link key) on an entry for `duration` seconds; its link. */
export async function openSession(
  ctx: AppContext,
  actor: Actor,
  entry: { id: number; company_id: number; protocol: string },
  type: ConnectType,
  duration: number,
) {
  const now = ctx.now();
  const token = randomToken(24);
  const { id } = await ctx.db
    .insertInto('remote_access_history')
    .values({
      remote_access_id: entry.id,
      company_id: entry.company_id,
      user_id: actor.user.id,
      protocol: entry.protocol,
      started_at: now.toISOString(),
      ended_at: null,
      type,
      token,
      expires_at: new Date(now.getTime() + duration * 1000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { link_id: id, url: sessionUrl(entry, token), ttl: duration, active: 1 };
}

/** The session type of an entry's protocol. */
export const typeOf = (protocol: string): ConnectType => (['http', 'https'].includes(protocol) ? 'lan-webui' : 'cli');

const unixTime = (value: unknown) => (value ? Math.floor(Date.parse(String(value)) / 1000) : null);

export default async function remoteConnect(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  /** Opens a session on an access entry for `duration` seconds; answers the channel carrying its link. */
  async function connect(
    actor: Actor,
    entry: { id: number; company_id: number; protocol: string },
    type: ConnectType,
    duration: number,
  ) {
    const data = await openSession(ctx, actor, entry, type, duration);
    return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data });
  }

  const entries = () => db.selectFrom('remote_access').select(['id', 'company_id', 'protocol', 'device_id']);

  async function entryInScope(actor: Actor, id: number) {
    const entry = await entries().where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, entry?.company_id, 'Remote access');
    return entry!;
  }

  async function deviceInScope(actor: Actor, id: number) {
    const device = await db.selectFrom('devices').select(['id', 'company_id']).where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, device?.company_id, 'Device');
    return device!;
  }

  const PROTOCOLS_OF: Record<'webui' | 'cli', string[]> = { webui: ['http', 'https'], cli: ['ssh', 'telnet'] };

  for (const kind of ['webui', 'cli'] as const) {
    app.post(
      `/devices/:id/connect/${kind}`,
      { preHandler: requirePermission('manage_remote_access'), schema: { body: DURATION_BODY } },
      async (request) => {
        const actor = actorOf(request);
        const device = await deviceInScope(actor, routeId(request.params));
        const entry = await entries()
          .where('device_id', '=', device.id)
          .where('protocol', 'in', PROTOCOLS_OF[kind])
          .orderBy('is_main', 'desc')
          .orderBy('id')
          .executeTakeFirst();
        if (!entry) throw invalid(['id', `The device has no ${kind === 'webui' ? 'WebUI' : 'CLI'} remote access.`]);
        return connect(actor, entry, kind, (request.body as { duration: number }).duration);
      },
    );
  }

  // The device's active WebUI or CLI links (sessions opened by POST /devices/{id}/connect/{type}).
  app.get(
    '/devices/:id/links',
    {
      preHandler: requirePermission('view_device_remote_access'),
      schema: { querystring: { type: 'object', required: ['type'], properties: { type: { enum: ['webui', 'cli'] } } } },
    },
    async (request) => {
      const actor = actorOf(request);
      const device = await deviceInScope(actor, routeId(request.params));
      const now = ctx.now();
      const rows = await db
        .selectFrom('remote_access_history as h')
        .innerJoin('remote_access as a', 'a.id', 'h.remote_access_id')
        .select(['h.id', 'h.remote_access_id', 'h.protocol', 'h.token', 'h.expires_at', 'h.ended_at', 'h.started_at'])
        .where('a.device_id', '=', device.id)
        .where('h.type', '=', (request.query as { type: string }).type)
        .where('h.ended_at', 'is', null)
        .where('h.expires_at', '>', now.toISOString())
        .orderBy('h.id', 'desc')
        .limit(100)
        .execute();
      // The OpenAPI's `url` is a URI (`format: uri`): the session's path on this console's address.
      const origin = `${request.protocol}://${request.host}`;
      const links = rows.map((row) => ({
        link_id: row.id,
        url: origin + sessionUrl({ id: row.remote_access_id, protocol: row.protocol }, row.token),
        ttl: ttlOf(row, now),
        active: 1,
        created_at: row.started_at,
      }));
      return list(links, links.length);
    },
  );

  app.post(
    '/devices/connect/:id',
    { preHandler: requirePermission('manage_remote_access'), schema: { body: DURATION_BODY } },
    async (request) => {
      const actor = actorOf(request);
      const entry = await entryInScope(actor, routeId(request.params));
      return connect(actor, entry, typeOf(entry.protocol), (request.body as { duration: number }).duration);
    },
  );

  // The status of sessions by id: each one's activity and time left, on the channel.
  app.post(
    '/devices/connect/status',
    {
      preHandler: requirePermission('view_device_remote_access'),
      schema: {
        body: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'integer', minimum: 1 } } },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const ids = [...new Set((request.body as { id: number[] }).id)];
      const { data } = await runList(sessionSpec(app, actor), {
        id: ids.join(','),
        limit: String(ids.length),
        fields: 'id,ended_at,expires_at',
      });
      if (data.length !== ids.length) throw invalid(['id', 'Some of the selected sessions were not found.']);
      const now = ctx.now();
      const statuses = data.map((row) => ({ id: row.id, active: ttlOf(row, now) > 0, ttl: ttlOf(row, now) }));
      return reportDone(ctx, actor, { total: ids.length, done: ids.length, failed: 0, data: statuses });
    },
  );

  app.get(
    '/devices/connect/:id/sessions',
    {
      preHandler: requirePermission('view_device_remote_access'),
      schema: { querystring: { type: 'object', properties: { active: { enum: ['true', 'false'] } } } },
    },
    async (request) => {
      const actor = actorOf(request);
      const entry = await entryInScope(actor, routeId(request.params));
      const query = request.query as Record<string, unknown>;
      const fields = 'id,start_time,end_time,input_data,output_data,username,company_name,token,expires_at,ended_at';
      const { data, total } = await runList(sessionSpec(app, actor), {
        ...query,
        fields,
        remote_access_id: String(entry.id),
      });
      const now = ctx.now();
      const sessions = data.map(({ token, expires_at, ended_at, start_time, end_time, ...row }) => ({
        ...row,
        start_time: unixTime(start_time),
        end_time: unixTime(end_time),
        url: sessionUrl(entry, token as string | null),
        ttl: ttlOf({ expires_at, ended_at }, now),
      }));
      return list(sessions, total);
    },
  );

  app.delete(
    '/devices/connect/sessions/:id',
    { preHandler: requirePermission('manage_remote_access') },
    async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      const session = await db
        .selectFrom('remote_access_history')
        .select(['company_id', 'ended_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      assertTenancy(actor, session?.company_id, 'Session');
      const changed = session!.ended_at ? 0 : 1;
      if (changed) {
        await db
          .updateTable('remote_access_history')
          .set({ ended_at: ctx.now().toISOString() })
          .where('id', '=', id)
          .where('ended_at', 'is', null)
          .execute();
      }
      // Its relayed connections close at once, on every instance.
      await ctx.remote.endLink(id);
      return reportDone(ctx, actor, { total: 1, done: changed, failed: 1 - changed });
    },
  );

  // A session restarted by its link: open again for as long as it was first opened, from now.
  app.post(
    '/rms-connect/restart',
    {
      preHandler: requirePermission('manage_remote_access'),
      schema: {
        body: {
          type: 'object',
          required: ['url'],
          properties: { url: { type: 'string', minLength: 1, maxLength: 2000 } },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { url } = request.body as { url: string };
      const token = URL.canParse(url, 'http://link') ? linkKey(new URL(url, 'http://link')) : null;
      let found = db
        .selectFrom('remote_access_history as h')
        .innerJoin('remote_access as a', 'a.id', 'h.remote_access_id')
        .select(['h.id', 'h.started_at', 'h.expires_at', 'h.token', 'a.id as entry', 'a.protocol'])
        .where('h.token', '=', token ?? url);
      if (actor.companyIds !== null) found = found.where('h.company_id', 'in', actor.companyIds);
      const session = await found.executeTakeFirst();
      if (!session?.expires_at) throw invalid(['url', 'No RMS Connect session has this link.']);
      const duration = Math.max(
        10,
        Math.round((Date.parse(session.expires_at) - Date.parse(session.started_at)) / 1000),
      );
      const expires = new Date(ctx.now().getTime() + duration * 1000).toISOString();
      await db
        .updateTable('remote_access_history')
        .set({ ended_at: null, expires_at: expires })
        .where('id', '=', session.id)
        .execute();
      const data = {
        link_id: session.id,
        url: sessionUrl({ id: session.entry, protocol: session.protocol }, session.token),
        ttl: duration,
        active: 1,
      };
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data });
    },
  );

  app.get(
    '/devices/connect/logs',
    {
      preHandler: requirePermission('view_device_remote_access'),
      schema: {
        querystring: {
          type: 'object',
          required: ['start_date', 'end_date'],
          properties: {
            start_date: { type: 'string', pattern: DATE.source },
            end_date: { type: 'string', pattern: DATE.source },
            active: { enum: ['true', 'false'] },
            type: { enum: ['webui', 'lan-webui', 'cli'] },
          },
        },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const fields = 'id,type,start_time,end_time,input_data,output_data,username,company_name';
      const { data, total } = await runList(sessionSpec(app, actorOf(request)), { ...query, fields });
      return list(data, total);
    },
  );
}
