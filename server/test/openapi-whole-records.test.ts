import { beforeAll, describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';
import { concreteUrl } from './openapi/paths';
import { API_DATE_REGEX } from './openapi/strict-schema';
import { timestampChecker } from './openapi/timestamps';
import {
  API_DATE_PATTERN,
  conformer,
  isApiDate,
  responseSchema,
  timestampFormats,
  wholeRecords,
} from '../openapi/conform';
import { loadDocument, operations, type OpenApiNode, type Operation } from '../openapi/document';

// Whole records (issue 29, item 6): every GET operation we serve whose answer
// is a record (openapi/conform.ts wholeRecords), read by the admin as an API
// client does (no `fields`), answers every property of the record's schema,
// each with the OpenAPI's JSON type or null, and its timestamps in the
// schema's format (the vendor's `Y-m-d H:i:s`, or ISO 8601 for a date-time);
// and every timestamp of every answer, beyond the schema too, in its field's
// one format (openapi/timestamps.ts).

const document = loadDocument();
const conform = conformer(document);
const records = wholeRecords(document);
const { admin } = useServer({ admin: 'admin@example.com' });
let served: Operation[];

/** Vendor schema defects the conformance test mends (openapi-conformance.test.ts): checked as present only. */
const MISTYPED = new Set(['GET /vpn/hubs company_name', 'GET /reports parameters']);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/** The record schema of an operation's 200 answer, if it is a whole record. */
function recordOf(op: Operation): OpenApiNode | undefined {
  const envelope = responseSchema(document, op, 200);
  const data = conform.resolve((envelope?.properties as OpenApiNode | undefined)?.data);
  const record = data?.type === 'array' ? conform.resolve(data.items) : data;
  return record && records.has(record) ? record : undefined;
}

/** What is wrong with one field's value for its schema ('' when nothing). */
function mismatch(schema: OpenApiNode, value: unknown): string {
  if (value === null) return '';
  const types = typeof schema.type === 'string' ? schema.type.split('|') : [];
  const actual = Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (types.length && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
    return `${JSON.stringify(value)} is not ${String(schema.type)}`;
  }
  if (typeof value !== 'string') return '';
  if (isApiDate(schema) && !new RegExp(API_DATE_REGEX).test(value)) return `${value} is not Y-m-d H:i:s`;
  if (schema.format === 'date-time' && schema.pattern === undefined && !ISO.test(value)) {
    return `${value} is not ISO 8601`;
  }
  return '';
}

beforeAll(async () => {
  const published = (await admin.get('/api/openapi.json')).body as OpenApiNode;
  const implemented = new Set(
    operations(published)
      .filter((op) => op.node['x-implemented'] === true)
      .map((op) => op.key),
  );
  served = operations(document).filter((op) => op.method === 'GET' && implemented.has(op.key));
});

describe('whole records', () => {
  it('every record a served GET answers carries every field of its schema, typed as the OpenAPI types it', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const op of served) {
      const record = recordOf(op);
      const url = record && (await concreteUrl(admin, op));
      if (!record || !url) continue;
      const reply = await admin.get(url);
      if (reply.status !== 200) continue;
      const data = reply.body.data;
      const items = (Array.isArray(data) ? rows(reply) : [data]) as Record<string, unknown>[];
      if (!items.length) continue;
      checked++;
      const fields = conform.fieldsOf(record);
      for (const [name] of conform.wholeFieldsOf(record)) {
        const wrong = items
          .map((item) => {
            if (!(name in item)) return 'missing';
            // A field's empty value is its schema's (a timestamp the OpenAPI types only as text is "" when unset).
            const field = fields.get(name)!;
            if (MISTYPED.has(`${op.key} ${name}`) || item[name] === field.empty) return '';
            return mismatch(field.schema, item[name]);
          })
          .find(Boolean);
        if (wrong) failures.push(`${url}: ${name} ${wrong}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(40);
  });

  it("every timestamp of every answer, beyond its schema too, is in its field's one format", async () => {
    const formats = timestampFormats(document);
    // The formats docs/api-compatibility.md names for the fields beyond a schema.
    expect(
      Object.fromEntries(
        ['created_at', 'updated_at', 'last_login_at', 'last_connection_at', 'last_update_at'].map((name) => [
          name,
          formats.get(name),
        ]),
      ),
    ).toEqual({
      created_at: API_DATE_PATTERN,
      updated_at: API_DATE_PATTERN,
      last_login_at: API_DATE_PATTERN,
      last_connection_at: 'date-time',
      last_update_at: 'date-time',
    });
    const check = timestampChecker(document);
    const failures: string[] = [];
    let stamps = 0;
    for (const op of served) {
      const url = await concreteUrl(admin, op);
      if (!url) continue;
      const reply = await admin.raw('GET', url);
      if (reply.status !== 200 || !reply.headers.get('content-type')?.includes('json')) continue;
      const body = (await reply.json()) as unknown;
      stamps += (JSON.stringify(body).match(/\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/g) ?? []).length;
      failures.push(...check(body, responseSchema(document, op, 200), url));
    }
    expect(failures).toEqual([]);
    expect(stamps).toBeGreaterThan(100);
  });
});
