import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { assertDevicesInScope, bulkDeviceIds, startBulk } from '../services/bulk';
import { ID_SCHEMA } from '../services/ids';

// Device actions of the RMS API (POST /devices/actions, "device_action"):
// reboot, and the metrics refresh, over a device list. The call answers
// meta.channel at once and reports per device on it: only online devices
// take a command (offline ones count as failed). A rebooting device drops
// offline and comes back online REBOOT_MS later with its uptime from zero;
// each change is pushed on its company channel as DeviceUpdated
// (the work itself: server/jobs/bulk-work.ts).

export const DEVICE_ACTIONS = ['reboot', 'update_metrics_data'] as const;

const body = {
  type: 'object',
  required: ['action', 'device_id'],
  additionalProperties: false,
  properties: {
    action: { enum: DEVICE_ACTIONS },
    device_id: { type: 'array', minItems: 1, items: ID_SCHEMA },
  },
} as const;

export default async function devicesActions(app: FastifyInstance) {
  const { ctx } = app;
  app.post(
    '/devices/actions',
    { ...guard(app, { permission: 'update_devices' }), schema: { body } },
    async (request) => {
      const actor = actorOf(request);
      const { action } = request.body as { action: (typeof DEVICE_ACTIONS)[number] };
      const ids = bulkDeviceIds(request.body);
      await assertDevicesInScope(ctx, actor, ids);
      const channel = await startBulk(ctx, actor, ids, { kind: 'device-action', action });
      return { success: true, meta: { channel } };
    },
  );
}
