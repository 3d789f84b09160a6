import type { FastifyInstance } from 'fastify';
import { PORT_SERVICES } from '../../engine/format/services';
import { actorOf, requirePermission } from '../auth/guards';
import { askDevice } from '../devices/device-actions';
import { invalid } from '../http/envelope';
import { reportWhenDone } from '../services/action-report';
import {
  NOT_UNDERSTOOD,
  portScanResult,
  readEsimCheck,
  readPortCheck,
  readPortScan,
} from '../services/port-scan-result';
import { deviceInScope } from '../services/device-scope';

// Asking a device about itself, answered on an action channel: its Ethernet
// ports and the LAN devices seen on them, keyed by device id as the vendor's
// clients read it (GET /devices/{id}/port-scan/), and which of the given
// ports are open for RMS Connect (GET /devices/{id}/connect-auto-scan/):
// both asked of the device over the control channel (port_scan, port_check)
// and published when it answers; a device that does not answer, or answers
// out of the protocol's shape, is a failed result with the reason. And
// whether its eSIM took its bootstrap profile (GET
// /devices/{id}/check/esim-bootstrap; esim_check). Offline devices are not
// asked.

const PORTS = /^\d{1,5}(,\d{1,5}){0,31}$/;

export default async function devicePortScan(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const log = (message: string) => app.log.warn(message);

  /** The device of the route, online: a 422 on `id` when it cannot answer. */
  async function onlineDevice(request: { params: unknown }, actor: ReturnType<typeof actorOf>) {
    const device = await deviceInScope(db, actor, request.params);
    if (device.status !== 1) throw invalid(['id', 'The device is offline.']);
    return device;
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
      return reportWhenDone(
        ctx,
        actor,
        async () => {
          const answer = await askDevice(ctx, device, 'port_scan');
          const ports = 'result' in answer ? readPortScan(answer.result) : undefined;
          if (ports) return { total: 1, done: 1, failed: 0, data: portScanResult(device.id, ports) };
          const value = 'message' in answer ? answer.message : NOT_UNDERSTOOD;
          return { total: 1, done: 0, failed: 1, data: { [device.id]: { status: 'error', value, ports: [] } } };
        },
        log,
      );
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
      return reportWhenDone(
        ctx,
        actor,
        async () => {
          const answer = await askDevice(ctx, device, 'port_check', { ports: asked });
          const open = 'result' in answer ? readPortCheck(answer.result, asked) : undefined;
          if (!open) {
            const value = 'message' in answer ? answer.message : NOT_UNDERSTOOD;
            return { total: asked.length, done: 0, failed: asked.length, data: { status: 'error', value } };
          }
          const data = asked.map((port) => ({
            port,
            open: open.includes(port),
            ...(PORT_SERVICES[port] ? { service: PORT_SERVICES[port] } : {}),
          }));
          return { total: asked.length, done: asked.length, failed: 0, data };
        },
        log,
      );
    },
  );

  app.get('/devices/:id/check/esim-bootstrap', { preHandler: requirePermission('view_devices') }, async (request) => {
    const actor = actorOf(request);
    const device = await onlineDevice(request, actor);
    return reportWhenDone(
      ctx,
      actor,
      async () => {
        const answer = await askDevice(ctx, device, 'esim_check');
        const esim = 'result' in answer ? readEsimCheck(answer.result) : undefined;
        if (!esim) {
          const value = 'message' in answer ? answer.message : NOT_UNDERSTOOD;
          return { total: 1, done: 0, failed: 1, data: { status: 'error', value } };
        }
        return { total: 1, done: 1, failed: 0, data: { device_id: device.id, ...esim } };
      },
      log,
    );
  });
}
