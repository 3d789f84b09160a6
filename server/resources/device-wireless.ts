import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { invalid, list } from '../http/envelope';
import { apiTimestamp } from '../openapi/conform';
import type { Snapshot, WlanCounters } from '../services/device-history';
import { deviceInScope } from '../services/device-scope';

// A device's wireless interfaces (GET /devices/{device_id}/wireless) with
// their traffic counters and clients, and one interface's graph: its
// counters at each of the device's reports (the parameter snapshots).

export default async function deviceWireless(app: FastifyInstance) {
  const { db } = app.ctx;
  const view = { preHandler: requirePermission('view_wireless_information') };

  app.get('/devices/:device_id/wireless', view, async (request) => {
    const device = await deviceInScope(db, actorOf(request), request.params);
    const rows = await db
      .selectFrom('device_wireless')
      .selectAll()
      .where('device_id', '=', device.id)
      .orderBy('wlan_id')
      .execute();
    const data = rows.map((row) => ({ ...row, received: Number(row.received), sent: Number(row.sent) }));
    return list(data, data.length);
  });

  app.get(
    '/devices/:device_id/wireless/graph',
    {
      ...view,
      schema: {
        querystring: {
          type: 'object',
          required: ['wlan'],
          properties: { wlan: { type: 'string', minLength: 1, maxLength: 32 } },
        },
      },
    },
    async (request) => {
      const device = await deviceInScope(db, actorOf(request), request.params);
      const { wlan } = request.query as { wlan: string };
      const known = await db
        .selectFrom('device_wireless')
        .select('id')
        .where('device_id', '=', device.id)
        .where('wlan_id', '=', wlan)
        .executeTakeFirst();
      if (!known) throw invalid(['wlan', 'The device has no such wireless interface.']);
      const snapshots = await db
        .selectFrom('device_history')
        .select(['created_at', 'data'])
        .where('device_id', '=', device.id)
        .orderBy('created_at')
        .execute();
      const points = snapshots.flatMap((row) => {
        const counters = (JSON.parse(row.data) as Snapshot).wireless as Record<string, WlanCounters> | undefined;
        const at = apiTimestamp(row.created_at);
        return counters?.[wlan] ? [{ interval: `${at.slice(0, 13)}:00`, ...counters[wlan], created_at: at }] : [];
      });
      return { success: true, data: [{ [wlan]: points }] };
    },
  );
}
