import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BATCH_SIZE } from '../../engine/constants';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { csvField } from '../http/csv-export';
import { ApiError, invalid, list, notFound } from '../http/envelope';
import { readMultipart, type UploadedFile } from '../http/multipart';
import { runList, type ListSpec } from '../http/list-query';
import { assertDevicesInScope, bulkDeviceIds, startBulk } from '../services/bulk';
import { DEVICE_PASSWORD, decryptPassword, encryptPassword, generatePassword } from '../services/device-passwords';
import { ID_SCHEMA } from '../services/ids';
import { scoped } from './scoped';

// The RMS API's device passwords: generate random passwords for devices, or
// set given ones (POST /devices/passwords/generate|set, or a CSV file of
// serial,password rows: POST /devices/passwords/upload), as a password task
// applied on an action channel; the tasks listed (GET
// /devices/passwords/generated/tasks) and the passwords a task shows
// downloaded as CSV (GET /tasks/{id}/download/passwords) by whoever may
// update devices in the task's company. Passwords are stored encrypted
// (server/services/device-passwords.ts) and never answered in JSON.

const rowsOf = (item: object) =>
  ({
    type: 'object',
    required: ['data'],
    additionalProperties: false,
    properties: { data: { type: 'array', minItems: 1, maxItems: BATCH_SIZE, items: item } },
  }) as const;

const generateBody = rowsOf({
  type: 'object',
  required: ['id', 'length', 'use_special'],
  additionalProperties: false,
  properties: {
    id: ID_SCHEMA,
    length: { type: 'integer', minimum: 8, maximum: 32 },
    use_special: { enum: [0, 1] },
  },
});

const setBody = rowsOf({
  type: 'object',
  required: ['id', 'password', 'password_confirmation'],
  additionalProperties: false,
  properties: {
    id: ID_SCHEMA,
    password: DEVICE_PASSWORD,
    password_confirmation: { type: 'string', maxLength: 32 },
    show_password: { enum: [true, false, 0, 1] },
  },
});

const SHOWN = new Set(['1', 'true']);
const rowError = (source: string, code: string, message: string) => ({ code, message, source });

/**
 * The rows of an uploaded password file: lines of `serial,password` (the
 * password is the rest of the line, commas included; a header row naming
 * serial is skipped), at most a batch; a row with a password the rules
 * refuse, or a serial listed twice, is an error with the serial as source.
 */
function passwordRows(text: string) {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (/^"?serial"?\s*,/i.test(lines[0] ?? '')) lines.shift();
  if (lines.length > BATCH_SIZE) throw invalid(['file', `At most ${BATCH_SIZE} devices can be changed at once.`]);
  const pattern = new RegExp(DEVICE_PASSWORD.pattern);
  const seen = new Set<string>();
  const rows: { serial: string; password: string }[] = [];
  const errors: ReturnType<typeof rowError>[] = [];
  for (const line of lines) {
    const comma = line.indexOf(',');
    const serial = (comma < 0 ? line : line.slice(0, comma)).trim();
    const password = comma < 0 ? '' : line.slice(comma + 1);
    const fits =
      password.length >= DEVICE_PASSWORD.minLength &&
      password.length <= DEVICE_PASSWORD.maxLength &&
      pattern.test(password);
    if (seen.has(serial)) errors.push(rowError(serial, 'VALIDATION_ERROR', 'The device is listed more than once.'));
    else if (!fits)
      errors.push(
        rowError(
          serial,
          'VALIDATION_ERROR',
          'The password must have 8 to 32 characters, not starting with =, +, -, @ or a space.',
        ),
      );
    else rows.push({ serial, password });
    seen.add(serial);
  }
  return { rows, errors };
}

interface TaskDevice {
  device_id: number;
  password: string;
  shown: boolean;
}

function taskSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db.selectFrom('device_password_tasks as t').innerJoin('companies as c', 'c.id', 't.company_id'),
        actor,
        't.company_id',
      ),
    idColumn: 't.id',
    fields: {
      id: 't.id',
      company_id: 't.company_id',
      company_name: 'c.name',
      completed: 't.completed',
      total: 't.total',
      created_at: 't.created_at',
      updated_at: 't.updated_at',
    },
    search: ['company_name'],
    sortable: ['created_at', 'updated_at', 'total', 'completed'],
    defaultSort: '-created_at',
    filters: { company_id: 't.company_id' },
    maxLimit: 100,
  };
}

export default async function devicePasswords(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const write = guard(app, { permission: 'update_devices' });

  /** Records a password task for the caller's company and starts it; answers its channel. */
  async function startTask(actor: Actor, body: unknown, devices: TaskDevice[]) {
    const ids = bulkDeviceIds(body);
    if (ids.length !== devices.length) throw invalid(['data', 'A device is listed more than once.']);
    await assertDevicesInScope(ctx, actor, ids);
    const id = randomBytes(48).toString('base64url');
    const at = ctx.now().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('device_password_tasks')
        .values({
          id,
          company_id: actor.company.id,
          user_id: actor.user.id,
          total: devices.length,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await trx
        .insertInto('device_password_task_devices')
        .values(
          devices.map((d) => ({
            task_id: id,
            device_id: d.device_id,
            status: 'pending',
            password: encryptPassword(ctx.tokenKey, d.password),
            shown: d.shown ? 1 : 0,
          })),
        )
        .execute();
    });
    const channel = await startBulk(ctx, actor, ids, { kind: 'passwords', taskId: id });
    return { success: true, meta: { channel } };
  }

  app.post('/devices/passwords/generate', { ...write, schema: { body: generateBody } }, async (request) => {
    const { data } = request.body as { data: { id: number; length: number; use_special: number }[] };
    const body = { device_id: data.map((row) => row.id) };
    const devices = data.map((row) => ({
      device_id: row.id,
      password: generatePassword(row.length, row.use_special === 1),
      shown: true,
    }));
    return startTask(actorOf(request), body, devices);
  });

  app.post('/devices/passwords/set', { ...write, schema: { body: setBody } }, async (request) => {
    type Row = { id: number; password: string; password_confirmation: string; show_password?: boolean | number };
    const { data } = request.body as { data: Row[] };
    const mismatch = data.findIndex((row) => row.password !== row.password_confirmation);
    if (mismatch >= 0) {
      throw invalid([`data.${mismatch}.password_confirmation`, 'The password confirmation does not match.']);
    }
    const body = { device_id: data.map((row) => row.id) };
    const devices = data.map((row) => ({
      device_id: row.id,
      password: row.password,
      shown: row.show_password === true || row.show_password === 1,
    }));
    return startTask(actorOf(request), body, devices);
  });

  app.post('/devices/passwords/upload', write, async (request, reply) => {
    const actor = actorOf(request);
    const body = await readMultipart(request);
    const file = body.file as UploadedFile | undefined;
    if (!file || typeof file !== 'object' || !('buffer' in file))
      throw invalid(['file', 'The file field is required.']);
    const { rows, errors } = passwordRows(file.buffer.toString('utf8'));
    const serials = [...new Set(rows.map((row) => row.serial))];
    const known = serials.length
      ? await scoped(
          db.selectFrom('devices').select(['id', 'serial']).where('serial', 'in', serials),
          actor,
          'company_id',
        ).execute()
      : [];
    const bySerial = new Map(known.map((d) => [d.serial, d.id]));
    const devices: TaskDevice[] = [];
    for (const row of rows) {
      const id = bySerial.get(row.serial);
      if (id === undefined) errors.push(rowError(row.serial, 'NOT_FOUND', 'Device not found.'));
      else devices.push({ device_id: id, password: row.password, shown: SHOWN.has(String(body.show_password)) });
    }
    if (!devices.length) {
      throw new ApiError(
        422,
        errors.length ? errors : [rowError('file', 'VALIDATION_ERROR', 'The file lists no devices.')],
      );
    }
    const ids = devices.map((d) => d.device_id);
    const started = await startTask(actor, { device_id: ids }, devices);
    return reply
      .status(errors.length ? 207 : 201)
      .send({ ...started, data: ids, ...(errors.length ? { errors } : {}) });
  });

  app.get(
    '/devices/passwords/generated/tasks',
    { preHandler: requirePermission('update_devices') },
    async (request) => {
      const { data, total } = await runList(taskSpec(app, actorOf(request)), request.query as never);
      return list(data, total);
    },
  );

  app.get(
    '/tasks/:id/download/passwords',
    { preHandler: requirePermission('update_devices') },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = (request.params as { id: string }).id;
      const task = await db
        .selectFrom('device_password_tasks')
        .select('company_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!task) throw notFound('Task not found.');
      assertTenancy(actor, task.company_id, 'Task');
      const shown = await scoped(
        db
          .selectFrom('device_password_task_devices as t')
          .innerJoin('devices as d', 'd.id', 't.device_id')
          .select(['d.id', 'd.name', 'd.serial', 'd.mac', 't.password'])
          .where('t.task_id', '=', id)
          .where('t.status', '=', 'completed')
          .where('t.password', 'is not', null)
          .orderBy('d.id'),
        actor,
        'd.company_id',
      ).execute();
      if (!shown.length) throw ApiError.of(400, 'BAD_REQUEST', 'The task has no passwords to download.', 'id');
      const lines = [['id', 'name', 'serial', 'mac', 'password']].concat(
        shown.map((row) => [
          String(row.id),
          row.name,
          row.serial,
          row.mac,
          decryptPassword(ctx.tokenKey, row.password!),
        ]),
      );
      return reply
        .header('content-type', 'application/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="device-passwords.csv"')
        .header('cache-control', 'no-store')
        .send(lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n');
    },
  );
}
