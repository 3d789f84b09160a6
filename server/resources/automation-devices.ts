import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { BATCH_SIZE } from '../../engine/constants';
import type { Actor } from '../auth/actor';
import { actorOf, requirePermission } from '../auth/guards';
import type { Database } from '../db/types';
import { done, invalid } from '../http/envelope';
import { ID_SCHEMA, routeId } from '../services/ids';
import { automationOf } from './automations';
import { scoped } from './scoped';
import { objectRows } from '../http/data-rows';

// The devices automations watch (automation_devices) as the RMS API writes
// them: per automation (PUT and DELETE /automations/{id}/devices, on/off per
// device), per batch of automations (assign, unassign), per device
// (overwrite: exactly these automations), and automations on or off. Every
// automation must be one of the caller's companies' and every device one of
// its automation's company, else nothing changes (422 naming the entry).

const ids = (max = BATCH_SIZE) => ({ type: 'array', maxItems: max, uniqueItems: true, items: ID_SCHEMA }) as const;
/** The vendor's switch bodies name the flag `enable` and require `enabled`: either is taken, exactly one. */
const SWITCH = { enable: { type: 'boolean' }, enabled: { type: 'boolean' } } as const;
const list = (properties: object, required: string[]) =>
  ({
    type: 'array',
    minItems: 1,
    maxItems: 100,
    items: { type: 'object', additionalProperties: false, required, properties },
  }) as const;

const DEVICES_BODY = list({ devices: ids() }, ['devices']);
const DEVICE_SWITCH_BODY = list({ devices: ids(), ...SWITCH }, ['devices']);
const AUTOMATION_SWITCH_BODY = list({ automations: ids(), ...SWITCH }, ['automations']);
const ASSIGN_BODY = objectRows(['automation_id', 'device_id'], { automation_id: ID_SCHEMA, device_id: ids() }, 100);
const OVERWRITE_BODY = objectRows(['automation_id', 'device_id'], { device_id: ID_SCHEMA, automation_id: ids() }, 100);

type Switch = { enable?: boolean; enabled?: boolean };

/** The flag of each switch entry, 422 on `{i}.enabled` unless exactly one of enable/enabled is given. */
function flags(entries: Switch[]): boolean[] {
  return entries.map((entry, i) => {
    const given = [entry.enable, entry.enabled].filter((v) => v !== undefined);
    if (given.length !== 1) throw invalid([`${i}.enabled`, 'Give the enabled field once (true or false).']);
    return given[0]!;
  });
}

/** The companies of the caller's automations among `ids`, 422 on `source(i)` for the first that is not one. */
async function automationCompanies(
  db: Kysely<Database>,
  actor: Actor,
  ids: number[],
  source: (i: number) => string,
): Promise<Map<number, number>> {
  const rows = ids.length
    ? await scoped(
        db
          .selectFrom('records')
          .select(['id', 'company_id'])
          .where('kind', '=', 'automation')
          .where('id', 'in', [...new Set(ids)]),
        actor,
        'company_id',
      ).execute()
    : [];
  const companies = new Map(rows.map((r) => [r.id, r.company_id]));
  const missing = ids.findIndex((id) => !companies.has(id));
  if (missing >= 0) throw invalid([source(missing), 'The selected automation was not found.']);
  return companies;
}

/** 422 on `source` unless every device is a device of the company. */
async function assertDevicesOf(db: Kysely<Database>, companyId: number, ids: number[], source: string) {
  if (!ids.length) return;
  const found = await db
    .selectFrom('devices')
    .select('id')
    .where('id', 'in', ids)
    .where('company_id', '=', companyId)
    .execute();
  if (found.length !== ids.length) throw invalid([source, 'Some of the selected devices were not found.']);
}

export default async function automationDevices(app: FastifyInstance) {
  const { db } = app.ctx;
  const write = (body: object) => ({
    preHandler: requirePermission(['view_device_alert_configurations', 'update_devices']),
    schema: { body },
  });
  const automation = (request: FastifyRequest) => automationOf(db, actorOf(request), routeId(request.params));

  /** The automation of the route and the devices of the body's entries, each checked against its company. */
  async function routeDevices(request: FastifyRequest) {
    const found = await automation(request);
    const entries = request.body as { devices: number[] }[];
    for (const [i, entry] of entries.entries())
      await assertDevicesOf(db, found.company_id, entry.devices, `${i}.devices`);
    return { id: found.id, entries };
  }

  app.put('/automations/:id/devices', write(DEVICES_BODY), async (request) => {
    const { id, entries } = await routeDevices(request);
    const devices = [...new Set(entries.flatMap((e) => e.devices))];
    await db.transaction().execute(async (trx) => {
      let removed = trx.deleteFrom('automation_devices').where('automation_id', '=', id);
      if (devices.length) removed = removed.where('device_id', 'not in', devices);
      await removed.execute();
      if (devices.length)
        await trx
          .insertInto('automation_devices')
          .values(devices.map((device_id) => ({ automation_id: id, device_id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
    });
    return done(undefined, 'Automation devices updated successfully');
  });

  app.delete('/automations/:id/devices', write(DEVICES_BODY), async (request) => {
    const { id, entries } = await routeDevices(request);
    const devices = entries.flatMap((e) => e.devices);
    if (devices.length)
      await db
        .deleteFrom('automation_devices')
        .where('automation_id', '=', id)
        .where('device_id', 'in', devices)
        .execute();
    return done(undefined, 'Devices removed from the automation successfully');
  });

  app.put('/automations/:id/devices/activation', write(DEVICE_SWITCH_BODY), async (request) => {
    const { id, entries } = await routeDevices(request);
    const on = flags(entries as Switch[]);
    for (const [i, entry] of entries.entries()) {
      if (!entry.devices.length) continue;
      const watched = await db
        .selectFrom('automation_devices')
        .select('device_id')
        .where('automation_id', '=', id)
        .where('device_id', 'in', entry.devices)
        .execute();
      if (watched.length !== entry.devices.length)
        throw invalid([`${i}.devices`, 'Some of the selected devices are not assigned to the automation.']);
    }
    await db.transaction().execute(async (trx) => {
      for (const [i, entry] of entries.entries()) {
        if (!entry.devices.length) continue;
        await trx
          .updateTable('automation_devices')
          .set({ enabled: on[i] ? 1 : 0 })
          .where('automation_id', '=', id)
          .where('device_id', 'in', entry.devices)
          .execute();
      }
    });
    return done(undefined, 'Automation devices updated successfully');
  });

  app.put('/automations/activate', write(AUTOMATION_SWITCH_BODY), async (request) => {
    const entries = request.body as ({ automations: number[] } & Switch)[];
    const on = flags(entries);
    for (const [i, entry] of entries.entries())
      await automationCompanies(db, actorOf(request), entry.automations, (j) => `${i}.automations.${j}`);
    await db.transaction().execute(async (trx) => {
      for (const [i, entry] of entries.entries()) {
        if (!entry.automations.length) continue;
        await trx
          .updateTable('records')
          .set({ status: on[i] ? 'enabled' : 'disabled' })
          .where('kind', '=', 'automation')
          .where('id', 'in', entry.automations)
          .execute();
      }
    });
    return done(undefined, 'Automations updated successfully');
  });

  /** Checks assign/unassign entries: each automation the caller's, each device of its company. */
  async function assignments(request: FastifyRequest) {
    const { data: entries } = request.body as { data: { automation_id: number; device_id: number[] }[] };
    const companies = await automationCompanies(
      db,
      actorOf(request),
      entries.map((e) => e.automation_id),
      (i) => `data.${i}.automation_id`,
    );
    for (const [i, e] of entries.entries())
      await assertDevicesOf(db, companies.get(e.automation_id)!, e.device_id, `data.${i}.device_id`);
    return entries.flatMap((e) => e.device_id.map((device_id) => ({ automation_id: e.automation_id, device_id })));
  }

  app.put('/automations/devices/assign', write(ASSIGN_BODY), async (request) => {
    const pairs = await assignments(request);
    if (pairs.length)
      await db
        .insertInto('automation_devices')
        .values(pairs)
        .onConflict((oc) => oc.doNothing())
        .execute();
    return done(undefined, 'Devices assigned successfully');
  });

  app.put('/automations/devices/unassign', write(ASSIGN_BODY), async (request) => {
    const pairs = await assignments(request);
    await db.transaction().execute(async (trx) => {
      for (const pair of pairs)
        await trx
          .deleteFrom('automation_devices')
          .where('automation_id', '=', pair.automation_id)
          .where('device_id', '=', pair.device_id)
          .execute();
    });
    return done(undefined, 'Devices unassigned successfully');
  });

  // The vendor publishes the same call under two paths.
  for (const path of ['/devices/automations/overwrite', '/automations/devices/overwrite']) {
    app.put(path, write(OVERWRITE_BODY), async (request) => {
      const actor = actorOf(request);
      const { data: entries } = request.body as { data: { device_id: number; automation_id: number[] }[] };
      const deviceIds = [...new Set(entries.map((e) => e.device_id))];
      if (deviceIds.length !== entries.length) throw invalid(['data', 'A device is listed more than once.']);
      const devices = new Map(
        (
          await scoped(
            db.selectFrom('devices').select(['id', 'company_id']).where('id', 'in', deviceIds),
            actor,
            'company_id',
          ).execute()
        ).map((d) => [d.id, d.company_id]),
      );
      for (const [i, e] of entries.entries()) {
        if (!devices.has(e.device_id)) throw invalid([`data.${i}.device_id`, 'The selected device was not found.']);
        const companies = await automationCompanies(db, actor, e.automation_id, (j) => `data.${i}.automation_id.${j}`);
        const foreign = e.automation_id.findIndex((id) => companies.get(id) !== devices.get(e.device_id));
        if (foreign >= 0)
          throw invalid([`data.${i}.automation_id.${foreign}`, 'The automation is not of the device’s company.']);
      }
      await db.transaction().execute(async (trx) => {
        for (const e of entries) {
          let removed = trx.deleteFrom('automation_devices').where('device_id', '=', e.device_id);
          if (e.automation_id.length) removed = removed.where('automation_id', 'not in', e.automation_id);
          await removed.execute();
          if (e.automation_id.length)
            await trx
              .insertInto('automation_devices')
              .values(e.automation_id.map((automation_id) => ({ automation_id, device_id: e.device_id })))
              .onConflict((oc) => oc.doNothing())
              .execute();
        }
      });
      return done(undefined, 'Device automations overwritten successfully');
    });
  }
}
