import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import { actorOf, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { sha256 } from '../auth/tokens';
import { invalid, list, notFound } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { deviceInScope } from '../services/device-scope';
import { ipv4 } from '../services/ipv4';
import { apiTimestamp } from '../openapi/conform';
import { formatBytes } from '../../engine/format/bytes';

// Device hotspots of the RMS API: a device's hotspots with their online
// users, and each hotspot's users, asked from the device (the list on an
// action channel), added and removed by username, and its active sessions
// (what the simulator's data plane, services/hotspot-sessions.ts, keeps),
// written as the vendor writes them (a use time of 12:20:51, 48.64 MB).
// A user's password is kept only as a digest.

const INDEX = { type: 'object', properties: { index: { type: 'string', pattern: '^[1-4]$' } } } as const;
const USERNAME = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9._@-]+$' } as const;
const USER_BODY = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: { username: USERNAME, password: { type: 'string', minLength: 4, maxLength: 64 } },
} as const;

/** A duration in seconds as hours, minutes and seconds (12:20:51). */
const clock = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');

export default async function deviceHotspots(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const view = requirePermission('view_device_hotspots');

  /** The device and hotspot index the route names: a 404 when the device has no such hotspot. */
  async function hotspotOf(actor: Actor, request: FastifyRequest) {
    const device = await deviceInScope(db, actor, request.params);
    const index = Number((request.params as { index: string }).index);
    const hotspot = await db
      .selectFrom('device_hotspots')
      .select(['hotspot_index', 'ssid'])
      .where('device_id', '=', device.id)
      .where('hotspot_index', '=', index)
      .executeTakeFirst();
    if (!hotspot) throw notFound('Hotspot not found.');
    return { device, hotspot };
  }

  const users = (deviceId: number, index: number) =>
    db.selectFrom('hotspot_users').where('device_id', '=', deviceId).where('hotspot_index', '=', index);

  app.get('/devices/:id/hotspots', { preHandler: view }, async (request) => {
    const device = await deviceInScope(db, actorOf(request), request.params);
    const rows = await db
      .selectFrom('device_hotspots as h')
      .select([
        'h.id',
        'h.enabled',
        'h.ssid',
        'h.hotspot_ip',
        'h.auth_type',
        'h.hotspot_index',
        'h.updated_at',
        sql<number>`(select count(*) from hotspot_users u where u.device_id = h.device_id and u.hotspot_index = h.hotspot_index and u.started_at is not null)`.as(
          'online_users',
        ),
      ])
      .where('h.device_id', '=', device.id)
      .orderBy('h.hotspot_index')
      .execute();
    const data = rows.map(({ enabled, hotspot_ip, online_users, hotspot_index, ...row }) => ({
      ...row,
      status: enabled === 1,
      hotspot_ip: ipv4(hotspot_ip) ?? 0,
      online_users: Number(online_users),
      hotspot_index: String(hotspot_index),
    }));
    return list(data, data.length);
  });

  app.get('/devices/:id/hotspots/:index/users', { preHandler: view, schema: { params: INDEX } }, async (request) => {
    const actor = actorOf(request);
    const { device, hotspot } = await hotspotOf(actor, request);
    const rows = await users(device.id, hotspot.hotspot_index)
      .select(['id', 'username', 'created_at'])
      .orderBy('username')
      .execute();
    return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: rows });
  });

  app.post(
    '/devices/:id/hotspots/:index/users',
    { ...guard(app, { permission: 'update_devices' }), schema: { params: INDEX, body: USER_BODY } },
    async (request) => {
      const actor = actorOf(request);
      const { device, hotspot } = await hotspotOf(actor, request);
      const { username, password } = request.body as { username: string; password: string };
      const taken = await users(device.id, hotspot.hotspot_index)
        .select('id')
        .where('username', '=', username)
        .executeTakeFirst();
      if (taken) throw invalid(['username', 'The username has already been taken.']);
      const at = ctx.now().toISOString();
      await db
        .insertInto('hotspot_users')
        .values({
          device_id: device.id,
          hotspot_index: hotspot.hotspot_index,
          username,
          password: sha256(password),
          mac: null,
          ip: null,
          started_at: null,
          download: 0,
          upload: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: { username } });
    },
  );

  app.delete(
    '/devices/:id/hotspots/:index/users',
    {
      ...guard(app, { permission: 'update_devices' }),
      schema: {
        params: INDEX,
        querystring: { type: 'object', required: ['username'], properties: { username: USERNAME } },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { device, hotspot } = await hotspotOf(actor, request);
      const { username } = request.query as { username: string };
      const result = await db
        .deleteFrom('hotspot_users')
        .where('device_id', '=', device.id)
        .where('hotspot_index', '=', hotspot.hotspot_index)
        .where('username', '=', username)
        .executeTakeFirst();
      if (!Number(result.numDeletedRows)) throw invalid(['username', 'The hotspot has no such user.']);
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: { username } });
    },
  );

  app.get(
    '/devices/:id/hotspots/:index/users/active',
    { preHandler: view, schema: { params: INDEX } },
    async (request) => {
      const { device, hotspot } = await hotspotOf(actorOf(request), request);
      const now = ctx.now().getTime();
      const rows = await users(device.id, hotspot.hotspot_index)
        .selectAll()
        .where('started_at', 'is not', null)
        .orderBy('started_at')
        .execute();
      const active = rows.map((u) => ({
        id: u.id,
        device_id: u.device_id,
        ssid: hotspot.ssid,
        username: u.username,
        mac: u.mac ?? '',
        ip: u.ip ?? '',
        start_time: apiTimestamp(u.started_at!),
        use_time: clock(Math.max(0, Math.round((now - Date.parse(u.started_at!)) / 1000))),
        download: formatBytes(Number(u.download)),
        upload: formatBytes(Number(u.upload)),
        created_at: u.created_at,
        updated_at: u.updated_at,
      }));
      return { code: 200, hotspots_active_users: active };
    },
  );
}
