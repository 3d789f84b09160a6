import { queueTagActions, tagActionCaller } from '../services/tag-actions';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, canActOn, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { ApiError, invalid } from '../http/envelope';
import { checkForm } from '../forms/validate';
import { BATCH_SIZE } from '../../engine/constants';
import { idField, idList } from '../services/ids';
import { messages } from '../../engine/validators/messages';
import { DEVICE_NAME_MAX } from './devices-write';

// Add a device (the add-device form): series, serial, MAC (RUT, TCR) or IMEI
// (TRB), optional firmware and configuration files and tags of the company;
// several at once in the OpenAPI's `{data: [...]}` body.
// The device password is checked by the form and never stored.

export const SERIES_MODEL: Record<string, { model: string; family: string }> = {
  rut: { model: 'RUT241', family: 'RUT' },
  trb: { model: 'TRB140', family: 'TRB' },
  tcr: { model: 'TCR100', family: 'TCR' },
  tap: { model: 'TAP100', family: 'TAP' },
  otd: { model: 'OTD140', family: 'OTD' },
  swm: { model: 'TSW202', family: 'TSW' },
  dap: { model: 'DAP140', family: 'DAP' },
};

/** A vendor-prefixed MAC derived from the serial when the series has none on its label. */
export const macFromSerial = (serial: string) =>
  `00:1E:42:${createHash('sha256').update(serial).digest('hex').slice(0, 6).toUpperCase().match(/../g)!.join(':')}`;

/** A new device's row: pending until it first connects, named after its model and serial unless named. */
export function newDevice(
  companyId: number,
  series: { model: string; family: string },
  now: string,
  d: { serial: string; mac: string; name?: string; imei: string | null; credit: boolean },
) {
  return {
    company_id: companyId,
    name: d.name ?? `${series.model} ${d.serial}`,
    model: series.model,
    original_model: series.model,
    family: series.family,
    serial: d.serial,
    mac: d.mac,
    imei: d.imei,
    firmware: '',
    status: 2,
    is_facelift: 0,
    signal: null,
    temperature: null,
    operator: null,
    connection_type: null,
    wan_ip: null,
    latitude: null,
    longitude: null,
    router_uptime: 0,
    credit_enabled: d.credit ? 1 : 0,
    monitoring_enabled: 1,
    remaining_data: 0,
    last_connection_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** Runs `check`, its field errors' sources prefixed with `at` (a device's place in a list: `data.0.`). */
async function sourced<T>(at: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!at || !(error instanceof ApiError)) throw error;
    const errors = error.errors.map((e) => ({
      ...e,
      source: e.source === null ? `${at.slice(0, -1)}` : `${at}${e.source}`,
    }));
    throw new ApiError(error.status, errors, error.meta);
  }
}

export default async function devicesAdd(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  /** A form's checks and its device's row with its tags (nothing written). */
  async function prepare(actor: Actor, form: Record<string, unknown>, serials: Set<string>) {
    const companyId = await assertCompanyField(db, actor, form.company_id);
    const series = SERIES_MODEL[String(form.device_series)];
    if (!series) throw invalid(['device_series', 'The selected device series is invalid.']);
    if (form.name && String(form.name).length > DEVICE_NAME_MAX)
      throw invalid(['name', messages.maxLength('Name', 'name', DEVICE_NAME_MAX)]);
    const serial = String(form.serial);
    if (
      serials.has(serial) ||
      (await db.selectFrom('devices').select('id').where('serial', '=', serial).executeTakeFirst())
    ) {
      throw invalid(['serial', 'A device with this serial number already exists.']);
    }
    serials.add(serial);
    const mac = form.mac ? String(form.mac).toUpperCase() : macFromSerial(serial);
    for (const key of ['firmware_file_id', 'config_file_id'] as const) {
      if (form[key] === undefined || form[key] === null || form[key] === '') continue;
      const file = await db
        .selectFrom('files')
        .select('company_id')
        .where('id', '=', idField(form[key], key))
        .executeTakeFirst();
      if (!file || !canActOn(actor, file.company_id)) throw invalid([key, 'The selected file is invalid.']);
    }
    const tagIds = idList(form.tag_id, 'tag_id', 'tag');
    if (tagIds.length) {
      const tags = await db
        .selectFrom('tags')
        .select('id')
        .where('id', 'in', tagIds)
        .where('company_id', '=', companyId)
        .execute();
      if (tags.length !== tagIds.length) throw invalid(['tag_id', 'The selected tags must belong to the company.']);
    }
    const row = newDevice(companyId, series, ctx.now().toISOString(), {
      serial,
      mac,
      name: form.name ? String(form.name) : undefined,
      imei: form.imei ? String(form.imei) : null,
      credit: form.auto_credit_enable !== false,
    });
    return { row, tagIds };
  }

  // The OpenAPI's body is `{data: [device, …]}`; the add-device form sends one device as the body itself. Each
  // device is checked against the form (errors sourced `data.N.field` in the list shape) before any is written.
  app.post('/devices', { preHandler: requirePermission('create_devices') }, async (request, reply) => {
    const actor = actorOf(request);
    const body = request.body as Record<string, unknown> | undefined;
    const listed = Boolean(body && Array.isArray(body.data) && Object.keys(body).length === 1);
    const items = listed ? (body!.data as unknown[]) : [body];
    if (listed && (items.length === 0 || items.length > BATCH_SIZE))
      throw invalid(['data', `The data must list 1 to ${BATCH_SIZE} devices.`]);
    const serials = new Set<string>();
    const prepared: Awaited<ReturnType<typeof prepare>>[] = [];
    for (const [i, item] of items.entries()) {
      const at = listed ? `data.${i}.` : '';
      prepared.push(
        await sourced(at, async () => prepare(actor, await checkForm(ctx.documents, request, item), serials)),
      );
    }
    const ids = await db.transaction().execute(async (trx) => {
      const out: number[] = [];
      for (const { row, tagIds } of prepared) {
        const { id } = await trx.insertInto('devices').values(row).returning('id').executeTakeFirstOrThrow();
        if (tagIds.length)
          await trx
            .insertInto('device_tags')
            .values(tagIds.map((tag_id) => ({ device_id: id, tag_id })))
            .execute();
        out.push(id);
      }
      return out;
    });
    // New devices: every tag they are given is new to them.
    const given = prepared.flatMap(({ tagIds }, i) => tagIds.map((tag_id) => ({ device_id: ids[i], tag_id })));
    await queueTagActions(ctx, tagActionCaller(request), given);
    const data = listed ? ids.map((id) => ({ id })) : { id: ids[0] };
    return reply.status(201).send({ success: true, data, message: 'Device created successfully' });
  });

  // move-device-resources: devices of the source company (with their resources) go to the target company.
  app.post('/devices/credits/move', guard(app, { permission: 'move_devices_credits', form: true }), async (request) => {
    const actor = actorOf(request);
    const form = request.form!;
    const source = await assertCompanyField(db, actor, idField(form.source, 'source', 'source company'), 'source');
    const target = await assertCompanyField(db, actor, idField(form.target, 'target', 'target company'), 'target');
    if (source === target) throw invalid(['target', 'The target company must differ from the source company.']);
    const ids = idList(form.device_id, 'device_id', 'device');
    const owned = await db
      .selectFrom('devices')
      .select('id')
      .where('id', 'in', ids)
      .where('company_id', '=', source)
      .execute();
    if (!ids.length || owned.length !== ids.length)
      throw invalid(['device_id', 'Select devices of the source company.']);
    await db
      .updateTable('devices')
      .set({ company_id: target, updated_at: ctx.now().toISOString() })
      .where('id', 'in', ids)
      .execute();
    return { success: true, data: { moved: owned.length }, message: 'Device resources moved successfully' };
  });
}
