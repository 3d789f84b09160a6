import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { csvField } from '../http/csv-export';
import { ApiError, invalid, list, notFound } from '../http/envelope';
import { readMultipart } from '../http/multipart';
import { assertSomeTaken, devicesOf, fileRows, rowError, uploadedText } from '../services/device-file';
import { runList, type ListSpec } from '../http/list-query';
import { assertDevicesInScope, bulkDeviceIds, startBulk } from '../services/bulk';
import { DEVICE_PASSWORD, decryptPassword, encryptPassword, generatePassword } from '../services/device-passwords';
import { ID_SCHEMA } from '../services/ids';
import { scoped } from './scoped';
import { dataRows } from '../http/data-rows';

// The RMS API's device passwords: generate random passwords for devices, or
// set given ones (POST /devices/passwords/generate|set, or a CSV file of
// serial,password rows: POST /devices/passwords/upload), as a password task
// applied on an action channel; the tasks listed (GET
// /devices/passwords/generated/tasks) and the passwords a task shows
// downloaded as CSV (GET /tasks/{id}/download/passwords) by whoever may
// update devices in the task's company. Passwords are stored encrypted
// (server/services/device-passwords.ts) and never answered in JSON.

const generateBody = dataRows({
  type: 'object',
  required: ['id', 'length', 'use_special'],
  additionalProperties: false,
  properties: {
    id: ID_SCHEMA,
    length: { type: 'integer', minimum: 8, maximum: 32 },
    use_special: { enum: [0, 1] },
  },
});

const setBody = dataRows({
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
const PASSWORD_RULE = 'The password must have 8 to 32 characters, not starting with =, +, -, @ or a space.';

/** Whether a password from a file keeps the rules of DEVICE_PASSWORD. */
const passwordFits = (password: string) =>
  password.length >= DEVICE_PASSWORD.minLength &&
  password.length <= DEVICE_PASSWORD.maxLength &&
  new RegExp(DEVICE_PASSWORD.pattern).test(password);

interface TaskDevice {
  device_id: number;
  password: string;
  shown: boolean;
}

/** A password task of the caller's companies, or 404. */
export async function passwordTaskOf(db: Kysely<Database>, actor: Actor, id: string) {
  const task = await db
    .selectFrom('device_password_tasks')
    .select(['id', 'company_id', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!task) throw notFound('Task not found.');
  assertTenancy(actor, task.company_id, 'Task');
  return task;
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
    const { rows, errors } = fileRows(uploadedText(body), 'serial');
    const usable = rows.filter((row) => {
      if (passwordFits(row.rest)) return true;
      errors.push(rowError(row.key, 'VALIDATION_ERROR', PASSWORD_RULE));
      return false;
    });
    const found = await devicesOf(db, actor, 'serial', usable);
    errors.push(...found.errors);
    assertSomeTaken(found.found.length, errors);
    const shown = SHOWN.has(String(body.show_password));
    const devices = found.found.map(({ id, row }) => ({ device_id: id, password: row.rest, shown }));
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
      const { id } = await passwordTaskOf(db, actor, (request.params as { id: string }).id);
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
