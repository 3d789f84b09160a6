import type { FastifyInstance } from 'fastify';
import { BATCH_SIZE } from '../../engine/constants';
import { actorOf, assertCompanyField } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { invalid } from '../http/envelope';
import { readMultipart } from '../http/multipart';
import { reportDone } from '../services/action-report';
import { importRows } from '../services/device-import-file';
import { rowError, uploadedFile, type RowError } from '../services/device-file';
import { macFromSerial, newDevice, SERIES_MODEL } from './devices-add';

// POST /devices/import of the RMS API: new devices of one series from a
// file of lines `serial,mac[,name]` (a CSV file or the first sheet of an
// XLSX workbook; a header row naming the columns is skipped), added to a
// company. The call answers 201 with a channel whose ActionCompleted counts
// the lines added and carries the refused ones (a serial known already or
// listed twice, a malformed serial or MAC). A legacy XLS workbook, a broken
// one or a zip bomb: 422 on `file`.

const SERIAL = /^\d{6,12}$/;
const MAC = /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/;

const flag = (value: unknown) => value === true || value === 'true' || value === '1';

export default async function devicesImport(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  app.post('/devices/import', guard(app, { permission: 'create_devices' }), async (request, reply) => {
    const actor = actorOf(request);
    const body = await readMultipart(request);
    if (body.type !== 'csv' && body.type !== 'xls') throw invalid(['type', 'The selected type is invalid.']);
    const series = SERIES_MODEL[String(body.device_series)];
    if (!series) throw invalid(['device_series', 'The selected device series is invalid.']);
    if (!['true', 'false', '1', '0', true, false].includes(body.auto_credit_enable as string)) {
      throw invalid(['auto_credit_enable', 'The auto credit enable field must be true or false.']);
    }
    const companyId = await assertCompanyField(db, actor, Number(body.company_id));
    const lines = await importRows(uploadedFile(body));
    if (/serial/i.test(lines[0]?.[0] ?? '')) lines.shift();
    if (!lines.length) throw invalid(['file', 'The file lists no devices.']);
    if (lines.length > BATCH_SIZE) throw invalid(['file', `At most ${BATCH_SIZE} devices can be added at once.`]);
    const known = await db
      .selectFrom('devices')
      .select('serial')
      .where(
        'serial',
        'in',
        lines.map(([serial]) => serial),
      )
      .execute();
    const taken = new Set(known.map((d) => d.serial));
    const errors: RowError[] = [];
    const rows: { serial: string; mac: string; name?: string }[] = [];
    lines.forEach(([serial = '', rawMac = '', name = ''], i) => {
      const mac = rawMac.toUpperCase();
      const source = `file.${i}`;
      if (!SERIAL.test(serial)) errors.push(rowError(source, 'VALIDATION_ERROR', 'The serial number is invalid.'));
      else if (mac && !MAC.test(mac)) errors.push(rowError(source, 'VALIDATION_ERROR', 'The MAC address is invalid.'));
      else if (taken.has(serial))
        errors.push(rowError(source, 'CONFLICT', 'A device with this serial number already exists.'));
      else {
        taken.add(serial);
        rows.push({ serial, mac: mac || macFromSerial(serial), name: name || undefined });
      }
    });
    const now = ctx.now().toISOString();
    const credit = flag(body.auto_credit_enable);
    const created = rows.length
      ? await db
          .insertInto('devices')
          .values(rows.map((row) => newDevice(companyId, series, now, { ...row, imei: null, credit })))
          .returning('id')
          .execute()
      : [];
    if (created.length) ctx.version.bump();
    const result = await reportDone(ctx, actor, {
      total: lines.length,
      done: created.length,
      failed: errors.length,
      data: { device_id: created.map((d) => d.id), errors },
    });
    return reply.status(201).send(result);
  });
}
