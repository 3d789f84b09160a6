import type { FastifyInstance } from 'fastify';
import { BATCH_SIZE } from '../../engine/constants';
import { actorOf, assertCompanyField, requirePermission } from '../auth/guards';
import { invalid } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { ID_SCHEMA } from '../services/ids';
import { memoryList } from './pages-memory-list';
import { addHubTags, createHub } from './vpn-hubs';
import { addHubUser } from './vpn-hub-users';
import { routeNetwork } from './vpn-hub-routes';
import { assertCompanyTags } from '../services/company-tags';

// Quick VPN hubs (POST /vpn/hubs/connect): a hub in one of the hosted zones
// (GET /vpn/hubs/zones) made with its endpoints at once: each endpoint device
// joins the hub and becomes one of its users, with the routes to the networks
// behind it.

const ZONES = [
  { id: 1, name: 'frankfurt-1', visual_name: 'Frankfurt', latitude: 50.1109, longitude: 8.6821 },
  { id: 2, name: 'bahrain-1', visual_name: 'Bahrain', latitude: 26.0667, longitude: 50.5577 },
];

const TEXT = { type: 'string', maxLength: 15 };
const CONNECT_BODY = {
  type: 'object',
  required: ['company_id', 'hub_name', 'hub_zone', 'endpoint'],
  additionalProperties: false,
  properties: {
    company_id: ID_SCHEMA,
    hub_name: { type: 'string', minLength: 3, maxLength: 100, pattern: '\\S' },
    description: { type: 'string', maxLength: 255 },
    hub_zone: { type: 'string', enum: ZONES.map((z) => z.name) },
    endpoint: {
      type: 'array',
      minItems: 1,
      maxItems: BATCH_SIZE,
      items: {
        type: 'object',
        required: ['device_id'],
        additionalProperties: false,
        properties: {
          device_id: ID_SCHEMA,
          routes: {
            type: 'array',
            maxItems: 32,
            items: {
              type: 'object',
              required: ['ip', 'name', 'netmask'],
              additionalProperties: false,
              properties: { ip: TEXT, netmask: TEXT, name: { type: 'string', minLength: 1, maxLength: 100 } },
            },
          },
        },
      },
    },
    tag_id: { type: 'array', maxItems: BATCH_SIZE, uniqueItems: true, items: ID_SCHEMA },
  },
} as const;

interface Endpoint {
  device_id: number;
  routes?: { ip: string; name: string; netmask: string }[];
}
interface ConnectBody {
  company_id: number;
  hub_name: string;
  description?: string;
  hub_zone: string;
  endpoint: Endpoint[];
  tag_id?: number[];
}

export default async function vpnQuickHubs(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  app.get('/vpn/hubs/zones', { preHandler: requirePermission('view_vpn_hubs') }, async (request) =>
    memoryList(
      ZONES.map((z) => ({ ...z })),
      request.query as Record<string, unknown>,
      { search: ['name', 'visual_name'], sortable: ['id', 'name', 'visual_name'], defaultSort: 'id' },
    ),
  );

  app.post(
    '/vpn/hubs/connect',
    { preHandler: requirePermission('manage_vpn_hubs'), schema: { body: CONNECT_BODY } },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as ConnectBody;
      const companyId = await assertCompanyField(db, actor, body.company_id);
      const deviceIds = body.endpoint.map((e) => e.device_id);
      if (new Set(deviceIds).size !== deviceIds.length) {
        throw invalid(['endpoint', 'Each endpoint device may be given once.']);
      }
      const devices = await db
        .selectFrom('devices')
        .select(['id', 'name'])
        .where('id', 'in', deviceIds)
        .where('company_id', '=', companyId)
        .execute();
      if (devices.length !== deviceIds.length)
        throw invalid(['endpoint', 'Some of the selected devices were not found.']);
      const tagIds = body.tag_id ?? [];
      await assertCompanyTags(db, companyId, tagIds);
      const routes = body.endpoint.flatMap((e, i) =>
        (e.routes ?? []).map((r, j) => {
          const at = `endpoint.${i}.routes.${j}`;
          return {
            device_id: e.device_id,
            name: r.name,
            ...routeNetwork(r.ip, r.netmask, { ip: `${at}.ip`, netmask: `${at}.netmask` }),
          };
        }),
      );
      const networks = routes.map((r) => `${r.ip}/${r.netmask}`);
      if (new Set(networks).size !== networks.length) {
        throw invalid(['endpoint', 'A route with same IP address and netmask already exists.']);
      }
      const now = ctx.now().toISOString();
      const name = body.hub_name.trim();
      const id = await db.transaction().execute(async (trx) => {
        const hubId = await createHub(trx, now, {
          company_id: companyId,
          name,
          quick_hub: 1,
          zone: body.hub_zone,
          description: body.description ?? null,
        });
        const hub = { id: hubId, company_id: companyId, name };
        await trx
          .insertInto('vpn_hub_devices')
          .values(deviceIds.map((device_id) => ({ hub_id: hubId, device_id })))
          .execute();
        await addHubTags(trx, hubId, tagIds);
        for (const device of deviceIds.map((id) => devices.find((d) => d.id === id)!)) {
          const userId = await addHubUser(trx, hub, { name: device.name, type: 'device', object_id: device.id }, now);
          const own = routes.filter((r) => r.device_id === device.id);
          if (own.length) {
            await trx
              .insertInto('vpn_hub_routes')
              .values(
                own.map((r) => ({
                  hub_id: hubId,
                  hub_user_id: userId,
                  name: r.name,
                  ip: r.ip,
                  netmask: r.netmask,
                  created_at: now,
                })),
              )
              .execute();
          }
        }
        return hubId;
      });
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: { id, value: 'VPN hub created.' } });
    },
  );
}
