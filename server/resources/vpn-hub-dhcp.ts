import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { invalid } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { routeId } from '../services/ids';
import { ipv4 } from '../services/ipv4';
import { hubOf } from './vpn-hubs';

// The DHCP options a VPN hub pushes to its clients (GET, POST and DELETE
// /vpn/hubs/{id}/dhcp): DNS and WINS servers, each address once per type.
// Client configurations carry them as dhcp-option lines.

const OPTION_BODY = {
  type: 'object',
  required: ['ip_address', 'type'],
  additionalProperties: false,
  properties: { ip_address: { type: 'string', maxLength: 15 }, type: { type: 'string', enum: ['DNS', 'WINS'] } },
} as const;

export default async function vpnHubDhcp(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const manage = { preHandler: requirePermission('manage_vpn_hubs'), schema: { body: OPTION_BODY } };

  /** The hub of the route and the body's option (422 on ip_address unless it is an IPv4 address). */
  async function hubAndOption(request: FastifyRequest) {
    const hub = await hubOf(db, actorOf(request), routeId(request.params));
    const body = request.body as { ip_address: string; type: string };
    if (ipv4(body.ip_address) === null) throw invalid(['ip_address', 'The ip address must be a valid IPv4 address.']);
    return { hub_id: hub.id, type: body.type, ip: body.ip_address };
  }

  app.get('/vpn/hubs/:id/dhcp', { preHandler: requirePermission('view_vpn_hubs') }, async (request) => {
    const actor = actorOf(request);
    const hub = await hubOf(db, actor, routeId(request.params));
    const options = await db
      .selectFrom('vpn_hub_dhcp_options')
      .select(['ip', 'type'])
      .where('hub_id', '=', hub.id)
      .orderBy('type')
      .orderBy('ip')
      .execute();
    const dhcp_option = options.map((o) => ({ ...o, state: 'enabled' }));
    return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: { dhcp_option } });
  });

  app.post('/vpn/hubs/:id/dhcp', manage, async (request) => {
    const option = await hubAndOption(request);
    const added = await db
      .insertInto('vpn_hub_dhcp_options')
      .values(option)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (!Number(added.numInsertedOrUpdatedRows ?? 0)) {
      throw invalid(['ip_address', 'The DHCP option already exists.']);
    }
    const data = { value: 'Successfully added DHCP option' };
    return reportDone(ctx, actorOf(request), { total: 1, done: 1, failed: 0, data });
  });

  app.delete('/vpn/hubs/:id/dhcp', manage, async (request) => {
    const option = await hubAndOption(request);
    const removed = await db
      .deleteFrom('vpn_hub_dhcp_options')
      .where('hub_id', '=', option.hub_id)
      .where('type', '=', option.type)
      .where('ip', '=', option.ip)
      .executeTakeFirst();
    if (!Number(removed.numDeletedRows)) throw invalid(['ip_address', 'The DHCP option was not found.']);
    const data = { value: 'Successfully deleted DHCP option' };
    return reportDone(ctx, actorOf(request), { total: 1, done: 1, failed: 0, data });
  });
}
