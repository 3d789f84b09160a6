import { crc32, deflateRawSync } from 'node:zlib';

// XLSX workbooks built in the test, by hand: a ZIP archive of deflated
// entries (an entry may declare an unpacked size other than its own, as a
// zip bomb does) and the few XML parts a reader needs for one sheet of
// strings and numbers.

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** The unpacked size the headers declare; the data's own size by default. */
  declared?: number;
}

function header(fields: [number, 2 | 4][]): Buffer {
  const buffer = Buffer.alloc(fields.reduce((sum, [, size]) => sum + size, 0));
  let at = 0;
  for (const [value, size] of fields) {
    at = size === 2 ? buffer.writeUInt16LE(value, at) : buffer.writeUInt32LE(value, at);
  }
  return buffer;
}

export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declared = data.length } of entries) {
    const packed = deflateRawSync(data);
    const file = Buffer.from(name);
    const common: [number, 2 | 4][] = [
      [20, 2],
      [0, 2],
      [8, 2],
      [0, 2],
      [0, 2],
      [crc32(data), 4],
      [packed.length, 4],
      [declared, 4],
      [file.length, 2],
      [0, 2],
    ];
    const local = Buffer.concat([header([[0x04034b50, 4], ...common]), file, packed]);
    directory.push(
      Buffer.concat([header([[0x02014b50, 4], [20, 2], ...common, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]]), file]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(directory);
  const end = header([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [entries.length, 2],
    [entries.length, 2],
    [central.length, 4],
    [offset, 4],
    [0, 2],
  ]);
  return Buffer.concat([...locals, central, end]);
}

const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function cell(value: string | number, column: number, row: number): string {
  const ref = `${String.fromCharCode(65 + column)}${row}`;
  return typeof value === 'number'
    ? `<c r="${ref}"><v>${value}</v></c>`
    : `<c r="${ref}" t="inlineStr"><is><t>${escape(value)}</t></is></c>`;
}

/** The parts of a one-sheet workbook; `sheet` replaces the sheet's XML when given. */
export function workbookEntries(rows: (string | number)[][], sheet?: Partial<ZipEntry>): ZipEntry[] {
  const data = rows.map((row, r) => `<row r="${r + 1}">${row.map((v, c) => cell(v, c, r + 1)).join('')}</row>`);
  return [
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Devices" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: xml(`<worksheet xmlns="${MAIN}"><sheetData>${data.join('')}</sheetData></worksheet>`),
      ...sheet,
    },
  ];
}

export const xlsxWorkbook = (rows: (string | number)[][]) => zipArchive(workbookEntries(rows));
