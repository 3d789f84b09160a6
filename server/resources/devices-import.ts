import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { BATCH_SIZE } from '../../engine/constants';
import { actorOf, assertCompanyField } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { invalid } from '../http/envelope';
import { readMultipart, type UploadedFile } from '../http/multipart';
import { reportDone } from '../services/action-report';
import { rowError, type RowError } from '../services/device-file';
import { macFromSerial, newDevice, SERIES_MODEL } from './devices-add';

// POST /devices/import of the RMS API: new devices of one series from a
// file of lines `serial,mac[,name]` (a header row naming the columns is
// skipped), added to a company. The call answers 201 with a channel whose
// ActionCompleted counts the lines added and carries the refused ones
// (a serial known already or listed twice, a malformed serial or MAC).
// A binary spreadsheet (XLS or XLSX) cannot be read: 422 on `file`.

const SERIAL = /^\d{6,12}$/;
const MAC = /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/;
/** The first bytes of an OLE2 (XLS) or ZIP (XLSX) file. */
const BINARY_SHEETS = ['d0cf11e0', '504b0304'];

function fileText(body: Record<string, unknown>): string {
  const file = body.file as UploadedFile | undefined;
  if (!file || typeof file !== 'object' || !('buffer' in file)) throw invalid(['file', 'The file field is required.']);
  if (BINARY_SHEETS.includes(file.buffer.subarray(0, 4).toString('hex'))) {
    throw invalid(['file', 'Excel workbooks cannot be read: save the sheet as CSV and upload that file.']);
  }
  return file.buffer.toString('utf8');
}

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
    const parsed = Papa.parse<string[]>(fileText(body).trim(), { skipEmptyLines: 'greedy' });
    const lines = parsed.data.map((cells) => cells.map((cell) => String(cell).trim()));
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
