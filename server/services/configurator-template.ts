import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { runAction, type ConfigRequest } from './device-configuration';
import { devicesOf, logDeviceTasks, notYetLogged } from './job-log';

// A multi configuration template used on devices (POST
// /devices/configurator/templates/{id}/use): its requests ({path, method,
// request_data} as created) are run on each device's configuration the way
// POST /devices/configurator/configure runs them, as one configurator
// action per chunk of devices named after the template, and each device
// gets a device task log entry, completed when every request answered 200;
// a chunk run again (a resumed job) skips the devices it logged already.

/** A request of a template: the same for every device it is used on. */
export type TemplateRequest = Omit<ConfigRequest, 'device_id'>;

/** The task name of a template's use in the device logs. */
const TEMPLATE_TASK = 'execute_mulficonfig_template';

interface StoredRequest {
  path: string;
  method: string;
  request_data?: Record<string, unknown>;
}

/** The requests of a template record's details (none when it lists none). */
export function templateRequests(details: string): TemplateRequest[] {
  const { template } = JSON.parse(details) as { template?: string };
  const stored = (template ? JSON.parse(template) : []) as StoredRequest[];
  return stored.map(({ path, method, request_data }) => {
    const upper = method.toUpperCase();
    return { path, method: upper, data: upper === 'DELETE' || !request_data ? [] : [request_data] };
  });
}

/**
 * Runs a template's requests on the devices of a chunk the job (`job`) has not
 * logged yet; answers how many took every request.
 */
export async function applyTemplate(
  db: Kysely<Database>,
  work: { name: string; requests: TemplateRequest[] },
  chunk: number[],
  at: string,
  job: string,
): Promise<number> {
  const pending = await notYetLogged(db, job, chunk);
  if (!pending.length) return 0;
  const devices = await devicesOf(db, pending);
  if (!devices.length) return 0;
  const requests = devices.flatMap((device) => work.requests.map((r) => ({ ...r, device_id: device.id })));
  const { results, actionName } = await runAction(db, work.name, requests, at);
  const failed = new Set(results.filter((r) => r.code !== 200).map((r) => r.device_id));
  await logDeviceTasks(db, job, at, devices, (device) => ({
    status: failed.has(device.id) ? 'failed' : 'completed',
    details: { action: TEMPLATE_TASK, source: work.name, action_name: actionName },
  }));
  return devices.length - failed.size;
}
