import { afterAll, describe, expect, it } from 'vitest';
import { loadDocument, operations } from '../openapi/document';
import { type Client, type Reply, rows, useServer } from './harness';
import { strictValidator } from './openapi/strict-schema';
import { closeSockets, completed } from './sockets';
import { workbookEntries, xlsxWorkbook, zipArchive } from './xlsx-workbook';
import { xlsWorkbook } from './xls-workbook';
import { BATCH_SIZE } from '../../engine/constants';
import { MAX_FILE_SIZE } from '../../engine/constants';

// POST /devices/import over real HTTP: a CSV file, an XLSX workbook or a
// legacy XLS workbook of serials and MACs adds pending devices to a company,
// each of its row's series or of device_series; the channel counts the lines
// added and names the refused ones; a broken workbook or a zip bomb, a row
// without a series, a foreign company, a read-only caller and bad fields add
// nothing.

const document = loadDocument();
const validate = strictValidator(document);
const operation = operations(document).find((op) => op.method === 'POST' && op.path === '/devices/import')!;

const { server, admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});
afterAll(closeSockets);

const FIELDS = { type: 'csv', device_series: 'rut', company_id: '1', auto_credit_enable: 'true' };

async function upload(fields: Record<string, string>, file?: Blob, client: Client = admin): Promise<Reply> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', file, FILE_NAMES[file.type]);
  const response = await client.raw('POST', '/api/devices/import', { body: form });
  const reply = { status: response.status, body: (await response.json()) as Record<string, unknown> } as Reply;
  const check = validate(operation, reply.status);
  if (check) expect(check(reply.body) ? [] : check.errors, JSON.stringify(reply.body)).toEqual([]);
  return reply;
}

const csv = (text: string) => new Blob([text], { type: 'text/csv' });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS_TYPE = 'application/vnd.ms-excel';
const FILE_NAMES: Record<string, string> = {
  'text/csv': 'devices.csv',
  [XLSX_TYPE]: 'devices.xlsx',
  [XLS_TYPE]: 'devices.xls',
};
const xlsx = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE });
const xls = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: XLS_TYPE });
const count = async () => ((await admin.get('/api/devices?limit=1')).body.meta as { total: number }).total;
const bySerial = async (serial: string) =>
  rows(await admin.get(`/api/devices?q=${serial}`)).filter((d) => d.serial === serial);

describe('POST /devices/import', () => {
  it('adds the devices of a CSV file and reports the refused lines on the channel', async () => {
    const before = await count();
    const text =
      'serial,mac,name\n9100000001,00:1e:42:aa:bb:01,Depot gate\n9100000002,\n9100000001,00:1E:42:AA:BB:03\nabc,00:1E:42:AA:BB:04\n';
    const reply = await upload(FIELDS, csv(text));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    // The channel's report (the helper reads the channel of a 200 answer).
    const done = await completed(server.url, admin, { ...reply, status: 200 });
    expect(done).toMatchObject({ total: 4, done: 2, failed: 2 });
    expect((done.data as { errors: { source: string }[] }).errors.map((e) => e.source)).toEqual(['file.2', 'file.3']);
    expect(await count()).toBe(before + 2);
    const [gate] = await bySerial('9100000001');
    expect(gate).toMatchObject({ name: 'Depot gate', mac: '00:1E:42:AA:BB:01', company_id: 1 });
    expect((await bySerial('9100000002'))[0].name).toBe('RUT241 9100000002');
  });

  it('adds the devices of the first sheet of an XLSX workbook, numbers as written', async () => {
    const before = await count();
    const sheet = [
      ['Serial', 'MAC', 'Name'],
      [9100000101, '00:1e:42:aa:bb:21', 'Yard & pump'],
      ['9100000102', '', ''],
      [9100000101, '00:1E:42:AA:BB:23', ''],
    ];
    const reply = await upload({ ...FIELDS, type: 'xls' }, xlsx(xlsxWorkbook(sheet)));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const done = await completed(server.url, admin, { ...reply, status: 200 });
    expect(done).toMatchObject({ total: 3, done: 2, failed: 1 });
    expect((done.data as { errors: { source: string }[] }).errors.map((e) => e.source)).toEqual(['file.2']);
    expect(await count()).toBe(before + 2);
    const [yard] = await bySerial('9100000101');
    expect(yard).toMatchObject({ name: 'Yard & pump', mac: '00:1E:42:AA:BB:21', company_id: 1 });
    expect((await bySerial('9100000102'))[0].name).toBe('RUT241 9100000102');
  });

  it('adds the devices of the first sheet of a legacy XLS workbook, numbers as written', async () => {
    const before = await count();
    const sheet = [
      ['Serial', 'MAC', 'Name'],
      [9100000151, '00:1e:42:aa:bb:51', { label: 'Gate ü' }],
      [{ number: 9100000152 }, null, null],
      [9100000151, '00:1E:42:AA:BB:53', null],
    ];
    const reply = await upload({ ...FIELDS, type: 'xls' }, xls(xlsWorkbook(sheet, { padStream: true })));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const done = await completed(server.url, admin, { ...reply, status: 200 });
    expect(done).toMatchObject({ total: 3, done: 2, failed: 1 });
    expect((done.data as { errors: { source: string }[] }).errors.map((e) => e.source)).toEqual(['file.2']);
    expect(await count()).toBe(before + 2);
    expect((await bySerial('9100000151'))[0]).toMatchObject({ name: 'Gate ü', mac: '00:1E:42:AA:BB:51' });
    expect((await bySerial('9100000152'))[0].name).toBe('RUT241 9100000152');
  });

  it("takes each row's series from its Device series column, device_series the default", async () => {
    const sheet = (base: number) => [
      ['Device series', 'Serial', 'MAC', 'Name'],
      ['TRB', base + 1, '', 'Gateway'],
      ['swm', base + 2, '', ''],
      ['', base + 3, '', ''],
    ];
    const fields = { type: 'xls', device_series: 'otd', company_id: '1', auto_credit_enable: 'false' };
    for (const [base, file] of [
      [9100000160, xls(xlsWorkbook(sheet(9100000160)))],
      [9100000260, xlsx(xlsxWorkbook(sheet(9100000260)))],
    ] as const) {
      const reply = await upload(fields, file);
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const added = await Promise.all([1, 2, 3].map(async (i) => (await bySerial(String(base + i)))[0]));
      expect(added.map((d) => [d.model, d.name])).toEqual([
        ['TRB140', 'Gateway'],
        ['TSW202', `TSW202 ${base + 2}`],
        ['OTD140', `OTD140 ${base + 3}`],
      ]);
    }
  });

  it('refuses a file whose rows are left without a valid series, naming each row, adding nothing', async () => {
    const before = await count();
    const sheet = [
      ['Serial', 'MAC', 'Series'],
      [9100000171, '', 'rut'],
      [9100000172, '', ''],
      [9100000173, '', 'dap'],
    ];
    const fields = { type: 'xls', company_id: '1', auto_credit_enable: 'true' };
    const reply = await upload(fields, xls(xlsWorkbook(sheet)));
    expect(reply.status, JSON.stringify(reply.body)).toBe(422);
    expect(reply.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', source: 'file.1', message: 'The device series field is required.' },
      { code: 'VALIDATION_ERROR', source: 'file.2', message: 'The selected device series is invalid.' },
    ]);
    // Without the column every row needs device_series, and a CSV file always does.
    const plain = xls(xlsWorkbook([[9100000174, '']]));
    const missing = await upload(fields, plain);
    expect(missing.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', source: 'file.0', message: 'The device series field is required.' },
    ]);
    const { device_series: _series, ...csvFields } = FIELDS;
    const csvReply = await upload(csvFields, csv('9100000175,\n'));
    expect(csvReply.status).toBe(422);
    expect(csvReply.body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        source: 'device_series',
        message: 'The device series field is required when type is csv.',
      },
    ]);
    expect(await count()).toBe(before);
  });

  it('refuses broken, old, encrypted, oversized and bomb-like workbooks on file, adding nothing', async () => {
    const before = await count();
    const message = async (file: Blob) => {
      const reply = await upload({ ...FIELDS, type: 'xls' }, file);
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      const [error] = reply.body.errors as { source: string; message: string }[];
      expect(error.source).toBe('file');
      return error.message;
    };
    const rows = [[9100000201, '00:1E:42:AA:BB:31']];
    const legacy = xls(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]));
    expect(await message(legacy)).toBe('The file is not a readable XLS workbook.');
    expect(await message(xls(xlsWorkbook(rows, { version: 0x0500, streamName: 'Book' })))).toBe(
      'Excel 5.0/95 and older workbooks cannot be read: save the sheet as Excel 97-2003 (XLS), XLSX or CSV and upload that file.',
    );
    expect(await message(xls(xlsWorkbook(rows, { encrypted: true })))).toBe(
      'Password-protected workbooks cannot be read: save the sheet without a password and upload that file.',
    );
    const unreadable = 'The file is not a readable XLSX workbook.';
    const parts = workbookEntries(rows);
    const sheetXml = parts[parts.length - 1].data;
    expect(await message(xlsx(Buffer.from('504b030414000600', 'hex')))).toBe(unreadable);
    // Headers that under-declare the sheet (a zip bomb's way) and a ZIP that holds no workbook.
    expect(await message(xlsx(zipArchive(workbookEntries(rows, { declared: 64 }))))).toBe(unreadable);
    expect(await message(xlsx(zipArchive([{ name: 'notes.xml', data: sheetXml }])))).toBe(unreadable);
    const bomb = zipArchive(workbookEntries(rows, { declared: MAX_FILE_SIZE + 1 }));
    expect(await message(xlsx(bomb))).toBe('The workbook unpacks to more than 80MB.');
    const many = Array.from({ length: BATCH_SIZE + 1 }, (_, i) => [9100100000 + i, '']);
    expect(await message(xlsx(xlsxWorkbook(many)))).toBe(`At most ${BATCH_SIZE} devices can be added at once.`);
    expect(await count()).toBe(before);
  });

  it('refuses bad fields, foreign companies and read-only callers, adding nothing', async () => {
    const before = await count();
    const line = csv('9100000009,00:1E:42:AA:BB:09\n');
    for (const [fields, file, source] of [
      [{ ...FIELDS, type: 'pdf' }, line, 'type'],
      [{ ...FIELDS, device_series: 'abc' }, line, 'device_series'],
      [{ ...FIELDS, device_series: 'dap' }, line, 'device_series'],
      [{ ...FIELDS, auto_credit_enable: 'maybe' }, line, 'auto_credit_enable'],
      [FIELDS, undefined, 'file'],
      [FIELDS, csv('serial,mac\n'), 'file'],
      [{ ...FIELDS, company_id: '5' }, line, 'company_id'],
    ] as const) {
      const reply = await upload(fields, file);
      expect(reply.status, JSON.stringify(fields)).toBe(422);
      expect((reply.body.errors as { source: string }[])[0].source, JSON.stringify(fields)).toBe(source);
    }
    const foreign = await upload(FIELDS, line, globex);
    expect(foreign.status).toBe(422);
    expect((await upload(FIELDS, line, guest)).status).toBe(403);
    expect(await count()).toBe(before);
  });
});
