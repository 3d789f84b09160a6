import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startServer, type Client, type TestServer } from './harness';
import extract from './openapi/rms-response-schemas.json';

// Responses of the endpoints the RMS OpenAPI covers validate against its
// schemas. OpenAPI 3.0 spellings are normalised for JSON Schema: `nullable`
// and the vendor's "string|null" type strings become type lists, and the
// vendor's PHP date format written as a `pattern` ("Y-m-d H:i:s", not a
// regular expression) becomes a timestamp pattern that also admits the ISO
// 8601 UTC timestamps this server sends. The vendor marks nullability
// inconsistently, so an optional property may be null (no value, e.g. the
// parent of a level-1 company or the signal of a device that never
// connected); present values must have the schema's type.

type Schema = Record<string, unknown>;
const TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}';

function normalise(schema: unknown, optional = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => normalise(item));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    if (key === 'nullable') continue;
    if (key === 'pattern' && value === 'Y-m-d H:i:s') {
      out.pattern = TIMESTAMP;
      continue;
    }
    const required = ((schema as Schema).required as string[] | undefined) ?? [];
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, normalise(v, !required.includes(k))]))
        : normalise(value);
  }
  const s = schema as Schema;
  let type = s.type as string | string[] | undefined;
  if (typeof type === 'string' && type.includes('|')) type = type.split('|');
  if (type && (s.nullable || optional)) type = [...new Set([...(Array.isArray(type) ? type : [type]), 'null'])];
  if (type) out.type = type;
  if (Array.isArray(out.enum) && Array.isArray(type) && type.includes('null')) out.enum = [...out.enum, null];
  return out;
}

/** Vendor schema defects, left out of the check: [response, property]. */
const VENDOR_DEFECTS: [string, string][] = [['GET /vpn/hubs 200', 'company_name']]; // typed integer, is a name

function withoutDefects(key: string, schema: Schema): Schema {
  const copy = structuredClone(schema);
  for (const [response, property] of VENDOR_DEFECTS) {
    if (response !== key) continue;
    const items = ((copy.properties as Schema).data as Schema).items as Schema;
    delete (items.properties as Schema)[property];
  }
  return copy;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const schemas = extract.schemas as Record<string, Schema>;

let server: TestServer;
let admin: Client;
let superAdmin: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin@example.com');
  superAdmin = await signedIn(server, 'super@example.com');
});
afterAll(() => server.close());

async function check(key: string, reply: { status: number; body: unknown }) {
  const status = key.split(' ')[2];
  expect(String(reply.status), key).toBe(status);
  const validate = ajv.compile(normalise(withoutDefects(key, schemas[key])) as Schema);
  const valid = validate(reply.body);
  expect(valid ? [] : validate.errors, `${key}: ${JSON.stringify(reply.body).slice(0, 300)}`).toEqual([]);
}

describe('OpenAPI conformance', () => {
  it('covers every extracted schema', () => {
    expect(Object.keys(schemas).length).toBeGreaterThanOrEqual(20);
  });

  const gets: [string, string][] = [
    ['GET /user 200', '/api/user'],
    ['GET /companies 200', '/api/companies?limit=100'],
    ['GET /companies/{id} 200', '/api/companies/2'],
    ['GET /users 200', '/api/users?limit=100'],
    ['GET /tags 200', '/api/tags?limit=100'],
    ['GET /devices 200', '/api/devices?limit=50'],
    ['GET /users/invitations 200', '/api/users/invitations?limit=100'],
    ['GET /roles 200', '/api/roles?limit=100'],
    ['GET /roles/{id}/permissions 200', '/api/roles/2/permissions'],
    ['GET /credits 200', '/api/credits?limit=100'],
    ['GET /credits/summary 200', '/api/credits/summary'],
    ['GET /credits/codes 200', '/api/credits/codes?limit=100'],
    ['GET /files 200', '/api/files?limit=100'],
    ['GET /devices/remote-access 200', '/api/devices/remote-access?limit=100'],
    ['GET /vpn/hubs 200', '/api/vpn/hubs?limit=100'],
    ['GET /companies/data/history 200', '/api/companies/data/history?limit=100'],
  ];
  for (const [key, url] of gets) {
    it(key, async () => check(key, await admin.get(url)));
  }

  it('writes and errors', async () => {
    await check('POST /companies 201', await admin.post('/api/companies', { name: 'Conformance Ltd', parent_id: 1 }));
    await check('POST /companies 422', await admin.post('/api/companies', { name: 'C', parent_id: 1 }));
    await check('POST /companies/move 200', await admin.post('/api/companies/move', { source: 3, target: 4 }));
    await check('POST /tags 201', await admin.post('/api/tags', { company_id: 1, name: 'Conformance' }));
    await check(
      'POST /credits/move 200',
      await admin.post('/api/credits/move', { credit_type_name: 'Paid Credit', source: 1, target: 2, amount: 1 }),
    );
    await check(
      'POST /credits/codes 201',
      await superAdmin.post('/api/credits/codes', { credit_type_name: 'Paid Credit', company_id: 1, amount: 1 }),
    );
    const anonymous = await signedIn(server, 'admin@example.com');
    await anonymous.post('/api/account/token/revoke');
    await check('GET /companies 401', await anonymous.get('/api/companies'));
  });
});
