import type { FastifyInstance } from 'fastify';
import { portCount } from '../../engine/device/models';
import { PORT_SERVICES } from '../../engine/format/services';
import { actorOf, requirePermission } from '../auth/guards';
import { invalid } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { ethernetPorts, portScanResult, type SeenDevice } from '../services/port-scan-result';
import { deviceInScope } from '../services/device-scope';

// Asking a device about itself, answered on an action channel: its Ethernet
// ports and the LAN devices seen on them, keyed by device id as the vendor's
// clients read it (GET /devices/{id}/port-scan/; the LAN devices the server
// knows of are the clients of the device's hotspot sessions, on its first
// LAN port, their vendor unknown), which of the
// given ports are open for RMS Connect (GET /devices/{id}/connect-auto-scan/),
// and whether its eSIM took its bootstrap profile (GET
// /devices/{id}/check/esim-bootstrap). Offline devices do not answer.

/** The TCP ports a device listens on: SSH always, the WebUI on models with a LAN. */
export const openPorts = (model: unknown) => (portCount(model) > 0 ? [22, 80, 443] : [22]);

const PORTS = /^\d{1,5}(,\d{1,5}){0,31}$/;

export default async function devicePortScan(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  /** The device of the route, online: a 422 on `id` when it cannot answer. */
  async function onlineDevice(request: { params: unknown }, actor: ReturnType<typeof actorOf>) {
    const device = await deviceInScope(db, actor, request.params);
    if (device.status !== 1) throw invalid(['id', 'The device is offline.']);
    return device;
  }

  /** The clients of a device's live hotspot sessions (their MAC and address as the device reported them). */
  async function hotspotClients(deviceId: number): Promise<SeenDevice[]> {
    const rows = await db
      .selectFrom('hotspot_users')
      .select(['mac', 'ip'])
      .where('device_id', '=', deviceId)
      .where('started_at', 'is not', null)
      .where('mac', 'is not', null)
      .where('ip', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ mac: row.mac!, ip: row.ip!, vendor: '' }));
  }

  app.get(
    '/devices/:id/port-scan/',
    {
      preHandler: requirePermission('view_device_remote_access'),
      schema: { querystring: { type: 'object', required: ['type'], properties: { type: { enum: ['ethernet'] } } } },
    },
    async (request) => {
      const actor = actorOf(request);
      const device = await onlineDevice(request, actor);
      const ports = ethernetPorts(portCount(device.model));
      const lan = ports.find((port) => port.type === 'LAN');
      const seen = new Map<number, SeenDevice[]>(lan ? [[lan.id, await hotspotClients(device.id)]] : []);
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: portScanResult(device.id, ports, seen) });
    },
  );

  app.get(
    '/devices/:id/connect-auto-scan/',
    {
      preHandler: requirePermission('view_device_remote_access'),
      schema: { querystring: { type: 'object', required: ['ports'], properties: { ports: { type: 'string' } } } },
    },
    async (request) => {
      const actor = actorOf(request);
      const { ports } = request.query as { ports: string };
      const asked = PORTS.test(ports) ? [...new Set(ports.split(',').map(Number))] : [];
      if (!asked.length || asked.some((p) => p < 1 || p > 65535)) {
        throw invalid(['ports', 'List up to 32 ports (1 to 65535), separated by commas.']);
      }
      const device = await onlineDevice(request, actor);
      const open = openPorts(device.model);
      const data = asked.map((port) => ({
        port,
        open: open.includes(port),
        ...(PORT_SERVICES[port] ? { service: PORT_SERVICES[port] } : {}),
      }));
      return reportDone(ctx, actor, { total: asked.length, done: asked.length, failed: 0, data });
    },
  );

  app.get('/devices/:id/check/esim-bootstrap', { preHandler: requirePermission('view_devices') }, async (request) => {
    const actor = actorOf(request);
    const device = await onlineDevice(request, actor);
    const row = await db.selectFrom('devices').select('imei').where('id', '=', device.id).executeTakeFirstOrThrow();
    const data = { device_id: device.id, esim: row.imei !== null, bootstrapped: row.imei !== null };
    return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data });
  });
}
