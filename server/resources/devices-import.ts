import type { FastifyInstance } from 'fastify';
import { BATCH_SIZE } from '../../engine/constants';
import { actorOf, assertCompanyField } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { ApiError, invalid } from '../http/envelope';
import { readMultipart } from '../http/multipart';
import { reportDone } from '../services/action-report';
import { importLines, type ImportLine } from '../services/device-import-file';
import { rowError, uploadedFile, type RowError } from '../services/device-file';
import { macFromSerial, newDevice, SERIES_MODEL } from './devices-add';

// POST /devices/import of the RMS API: new devices from a file of lines
// `serial,mac[,name]` (a CSV file or the first sheet of an XLSX or legacy
// XLS workbook; a header row naming the columns says where they are),
// added to a company. Each row's series is its "Device series" column, else
// `device_series` (required when type is csv, as the OpenAPI says); a row
// left without a valid one refuses the call with a 422 naming the row. The
// call answers 201 with a channel whose ActionCompleted counts the lines
// added and carries the refused ones (a serial known already or listed
// twice, a malformed serial or MAC). A broken workbook or a zip bomb: 422 on
// `file`.

const SERIAL = /^\d{6,12}$/;
const MAC = /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/;
/** The OpenAPI's device_import enum. */
const IMPORT_SERIES = new Set(['rut', 'trb', 'tcr', 'tap', 'otd', 'swm']);
const SERIES_INVALID = 'The selected device series is invalid.';

/** The series of each line (its own, else the default); 422 naming every row left without a valid one. */
function lineSeries(lines: ImportLine[], fallback: string): string[] {
  const errors: RowError[] = [];
  const series = lines.map((line, i) => {
    const value = line.series.toLowerCase() || fallback;
    if (!value) errors.push(rowError(`file.${i}`, 'VALIDATION_ERROR', 'The device series field is required.'));
    else if (!IMPORT_SERIES.has(value)) errors.push(rowError(`file.${i}`, 'VALIDATION_ERROR', SERIES_INVALID));
    return value;
  });
  if (errors.length) throw new ApiError(422, errors);
  return series;
}

const flag = (value: unknown) => value === true || value === 'true' || value === '1';

export default async function devicesImport(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  app.post('/devices/import', guard(app, { permission: 'create_devices' }), async (request, reply) => {
    const actor = actorOf(request);
    const body = await readMultipart(request);
    if (body.type !== 'csv' && body.type !== 'xls') throw invalid(['type', 'The selected type is invalid.']);
    const fallback = body.device_series === undefined ? '' : String(body.device_series);
    if (fallback && !IMPORT_SERIES.has(fallback)) throw invalid(['device_series', SERIES_INVALID]);
    if (!fallback && body.type === 'csv') {
      throw invalid(['device_series', 'The device series field is required when type is csv.']);
    }
    if (!['true', 'false', '1', '0', true, false].includes(body.auto_credit_enable as string)) {
      throw invalid(['auto_credit_enable', 'The auto credit enable field must be true or false.']);
    }
    const companyId = await assertCompanyField(db, actor, Number(body.company_id));
    const lines = await importLines(uploadedFile(body));
    if (!lines.length) throw invalid(['file', 'The file lists no devices.']);
    if (lines.length > BATCH_SIZE) throw invalid(['file', `At most ${BATCH_SIZE} devices can be added at once.`]);
    const series = lineSeries(lines, fallback);
    const known = await db
      .selectFrom('devices')
      .select('serial')
      .where(
        'serial',
        'in',
        lines.map((line) => line.serial),
      )
      .execute();
    const taken = new Set(known.map((d) => d.serial));
    const errors: RowError[] = [];
    const rows: { serial: string; mac: string; name?: string; series: string }[] = [];
    lines.forEach(({ serial, mac: rawMac, name }, i) => {
      const mac = rawMac.toUpperCase();
      const source = `file.${i}`;
      if (!SERIAL.test(serial)) errors.push(rowError(source, 'VALIDATION_ERROR', 'The serial number is invalid.'));
      else if (mac && !MAC.test(mac)) errors.push(rowError(source, 'VALIDATION_ERROR', 'The MAC address is invalid.'));
      else if (taken.has(serial))
        errors.push(rowError(source, 'CONFLICT', 'A device with this serial number already exists.'));
      else {
        taken.add(serial);
        rows.push({ serial, mac: mac || macFromSerial(serial), name: name || undefined, series: series[i] });
      }
    });
    const now = ctx.now().toISOString();
    const credit = flag(body.auto_credit_enable);
    const created = rows.length
      ? await db
          .insertInto('devices')
          .values(
            rows.map(({ series: key, ...row }) =>
              newDevice(companyId, SERIES_MODEL[key], now, { ...row, imei: null, credit }),
            ),
          )
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
