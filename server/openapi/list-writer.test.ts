import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conformer, responseSchema } from './conform';
import { loadDocument, operations, type OpenApiNode } from './document';
import { listWriter } from './list-writer';
import { list } from '../http/envelope';

// The list writer writes what the conformance hook and JSON.stringify write for
// the same list envelope, byte for byte, for the vendor's list schemas.

const document = loadDocument();
const conform = conformer(document);

/** Every GET operation's 200 schema whose data is a list of objects, with the row's property names. */
const lists = operations(document).flatMap((operation) => {
  const schema = operation.method === 'GET' ? responseSchema(document, operation, 200) : undefined;
  const data = (schema?.properties as Record<string, OpenApiNode> | undefined)?.data;
  const row = data && conform.resolve(data.items);
  const names = row ? [...conform.fieldsOf(row).keys()] : [];
  return schema && names.length ? [{ key: operation.key, schema, names }] : [];
});
const devices = lists.find((l) => l.key === 'GET /devices')!;

const stamp = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .chain((date) =>
    fc.constantFrom(
      date.toISOString(),
      date.toISOString().replace('T', ' ').slice(0, 19),
      date.toISOString().slice(0, 10),
    ),
  );
const scalar = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constantFrom(0, 1, '0', '1', '-12', '3.5', '1e3', ''),
  fc.string(),
  // What JSON escapes: quotes, backslashes, control characters, lone surrogates (a pair is written as it is).
  fc.string({
    unit: fc.constantFrom('a', '"', '\\', '\n', '\u0001', '\u001f', '\ud800', '\udc00', '😀', 'é', '\u2028'),
  }),
  stamp,
);
const tag = fc.record(
  { id: scalar, name: scalar, color: scalar, company_id: scalar, created_at: stamp },
  { requiredKeys: [] },
);
const value = fc.oneof(
  scalar,
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
  fc.array(tag, { maxLength: 3 }),
);

/** A column list from a row's property names, with names the schema does not know. */
const columnsOf = (names: string[]) =>
  fc
    .tuple(
      fc.shuffledSubarray(names),
      fc.uniqueArray(fc.constantFrom('extra', 'company_name', 'x"y'), { maxLength: 2 }),
    )
    .map(([known, extra]) => [...new Set([...known, ...extra])]);

/** What the route answered before: the envelope of row objects, conformed by the hook, then JSON.stringify. */
function expected(schema: OpenApiNode | undefined, columns: string[], rows: unknown[][], total: number) {
  const data = rows.map((row) => Object.fromEntries(columns.map((name, i) => [name, row[i]])));
  const payload = list(data, total);
  return JSON.stringify(schema ? conform(payload, schema) : payload);
}

const page = (columns: string[]) => fc.array(fc.tuple(...columns.map(() => value)), { maxLength: 4 });

describe('list writer', () => {
  it('writes the device list as the conformance hook and JSON.stringify do', () => {
    fc.assert(
      fc.property(
        columnsOf(devices.names).chain((columns) => fc.tuple(fc.constant(columns), page(columns), fc.nat())),
        ([columns, rows, total]) => {
          const write = listWriter(conform, devices.schema, columns);
          expect(write(rows, total)).toBe(expected(devices.schema, columns, rows, total));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes every vendor list schema, and lists without one, the same way', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...lists, undefined)
          .chain((target) =>
            columnsOf(target?.names ?? ['id', 'name']).chain((columns) =>
              fc.tuple(fc.constant(target?.schema), fc.constant(columns), page(columns), fc.nat()),
            ),
          ),
        ([schema, columns, rows, total]) => {
          expect(listWriter(conform, schema, columns)(rows, total)).toBe(expected(schema, columns, rows, total));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes the fields no column holds as nulls, in their place among the columns', () => {
    fc.assert(
      fc.property(
        columnsOf(devices.names).chain((fields) =>
          fc
            .tuple(fc.constant(fields), fc.subarray(fields))
            .chain(([fields, columns]) => fc.tuple(fc.constant(fields), fc.constant(columns), page(columns), fc.nat())),
        ),
        ([fields, columns, held, total]) => {
          const rows = held.map((row) =>
            fields.map((name) => (columns.includes(name) ? row[columns.indexOf(name)] : null)),
          );
          const write = listWriter(conform, devices.schema, fields, columns);
          expect(write(held, total)).toBe(expected(devices.schema, fields, rows, total));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the wire order of columns that objects would reorder, and data typed as text', () => {
    const columns = ['name', '10', 'id'];
    const rows = [['a', 'b', '7']];
    expect(listWriter(conform, devices.schema, columns)(rows, 1)).toBe(expected(devices.schema, columns, rows, 1));
    const held = [['a', '7']];
    expect(listWriter(conform, devices.schema, columns, ['name', 'id'])(held, 1)).toBe(
      expected(devices.schema, columns, [['a', null, '7']], 1),
    );
    const text: OpenApiNode = { type: 'object', properties: { data: { type: 'string' } } };
    expect(listWriter(conform, text, ['id'])([[1], [2]], 2)).toBe(expected(text, ['id'], [[1], [2]], 2));
  });
});
