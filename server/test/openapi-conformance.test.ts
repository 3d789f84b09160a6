import { beforeAll, describe, expect, it } from 'vitest';
import { Client, rows, signedIn, tokenClient, useServer, type Reply } from './harness';
import { parameterValue, strictValidator } from './openapi/strict-schema';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { deref } from '../openapi/conform';
import { loadDocument, operations, type OpenApiNode, type Operation } from '../openapi/document';

// Conformance with the vendor's OpenAPI, as an API client sees it: every
// implemented read operation (x-implemented in /api/openapi.json) is called
// with a personal access token and its response is validated strictly
// against the OpenAPI's schema for the status it answered (no nullable
// relaxation, the vendor's `Y-m-d H:i:s` date pattern), and so are the
// writes below. Path ids come from the operation's own list.

const document = loadDocument();

/**
 * Vendor schema defects, mended narrowly and checked strictly otherwise: the
 * automation lists (the list, its logs, its devices) are typed as one object
 * where the operation answers a list (their data is checked as an array of
 * that object), the VPN hub list types `company_name` as an integer
 * (checked as a string), and the report list types `parameters` as integers
 * while its own example, the report form and `POST /reports` use the names
 * (checked as the names `POST /reports` takes).
 */
const LISTS_TYPED_AS_OBJECT = [
  'GET /automations 200',
  'GET /automations/{}/logs 200',
  'GET /automations/{}/devices 200',
  'GET /devices/{}/automations 200',
];
function mend(key: string, schema: OpenApiNode): OpenApiNode {
  const properties = schema.properties as Record<string, OpenApiNode>;
  if (LISTS_TYPED_AS_OBJECT.includes(key)) properties.data = { type: 'array', items: properties.data };
  const retype = (field: string, type: OpenApiNode) => {
    const items = structuredClone(deref(document, properties.data.items)!);
    (items.properties as Record<string, OpenApiNode>)[field] = type;
    properties.data = { ...properties.data, items };
  };
  if (key === 'GET /vpn/hubs 200') retype('company_name', { type: 'string' });
  if (key === 'GET /reports 200') retype('parameters', { type: 'array', items: reportParameters });
  return schema;
}
/** The parameter names a new report takes (`reports_add`). */
const reportParameters = (
  (deref(document, { $ref: '#/components/schemas/reports_add' })!.properties as Record<string, OpenApiNode>)
    .parameters as OpenApiNode
).items as OpenApiNode;
const validate = strictValidator(document, mend);
const { server } = useServer({});
let api: Client;
let implemented: Operation[];

beforeAll(async () => {
  const superAdmin = await signedIn(server, 'super@example.com');
  api = (await tokenClient(server, superAdmin, TOKEN_SCOPES, 'conformance')).client;
  const served = (await api.get('/api/openapi.json')).body as OpenApiNode;
  implemented = operations(served).filter((op) => op.node['x-implemented'] === true);
});

/** Where the id of a path comes from when it is not the list at the path's start. */
const ID_SOURCES: Record<string, string> = {
  '/devices/tags/{id}/data': '/tags',
  '/devices/companies/{id}/data': '/companies',
  '/devices/connect/{access_id}/sessions': '/devices/remote-access',
  '/vpn/hubs/{id}/logs': '/vpn/hubs',
  '/vpn/hubs/{id}/logs/user-connections': '/vpn/hubs',
  '/tasks/{id}/devices': '/devices/passwords/generated/tasks',
  '/vpn/quick-hubs/{id}/routes': '/vpn/hubs?quick_hub=1',
  '/vpn/quick-hubs/{id}/users/config': '/vpn/hubs?quick_hub=1',
  '/devices/tags/{id}/group/data': '/tags',
  '/devices/companies/{id}/group/data': '/companies',
  // Devices that answer scans: online ones.
  '/devices/{id}/port-scan/': '/devices?status=1',
  '/devices/{id}/connect-auto-scan/': '/devices?status=1',
  '/devices/{id}/check/esim-bootstrap': '/devices?status=1',
  // The seeded Wi-Fi devices (the first RUT) have a hotspot (index 1) and wireless interfaces.
  '/devices/{id}/hotspots/{index}/users': '/devices?family=RUT&sort=id',
  '/devices/{id}/hotspots/{index}/users/active': '/devices?family=RUT&sort=id',
  '/devices/{device_id}/wireless/graph': '/devices?family=RUT&sort=id',
};

/** A second path id taken from a field of the rows of a list under the first: [list path, field]. */
const CHILD_IDS: Record<string, [string, string]> = {
  '/automations/{id}/logs/{evaluation_id}': ['/automations/{id}/logs', 'evaluation_id'],
};

/** Paths of a record inside another: both ids from one row of a list, [list, the row's field naming the parent]. */
const PARENT_IDS: Record<string, [string, string]> = {
  '/vpn/hubs/{id}/users/{hub_user_id}/logs': ['/vpn/hubs/users', 'vpn_hub_id'],
};

/** Further path parameters whose example names no record: their value. */
const PATH_VALUES: Record<string, string> = { index: '1' };

/** Required query values the OpenAPI gives no usable example for (or misplaces as path parameters). */
const QUERY_VALUES: Record<string, Record<string, string>> = {
  '/devices/tags/{id}/group/data': { parameter: 'temperature' },
  '/devices/companies/{id}/group/data': { parameter: 'temperature' },
  '/devices/{id}/connect-auto-scan/': { ports: '80,443' },
  '/devices/{device_id}/wireless/graph': { wlan: 'wlan0' },
};

/** Query parameters the OpenAPI misplaces (declared as path parameters of a path without them): [param, list]. */
const QUERY_IDS: Record<string, [string, string]> = {
  '/vpn/hubs/routes': ['vpn_hub_id', '/vpn/hubs'],
  '/vpn/hubs/users/config': ['vpn_hub_users', '/vpn/hubs/users'],
};

async function firstId(list: string) {
  return rows(await api.get(`/api${list}${list.includes('?') ? '&' : '?'}limit=1`))[0]?.id as number | undefined;
}

async function concretePath(op: Operation): Promise<string | null> {
  const name = /\{(\w+)\}/.exec(op.path)?.[1];
  const parent = PARENT_IDS[op.path];
  if (parent) {
    const row = rows(await api.get(`/api${parent[0]}?limit=1`))[0];
    return row ? op.path.replace(/\{\w+\}/, String(row[parent[1]])).replace(/\{\w+\}/, String(row.id)) : null;
  }
  const misplaced = QUERY_IDS[op.path];
  if (misplaced) return `${op.path}?${misplaced[0]}=${await firstId(misplaced[1])}`;
  if (!name) return op.path;
  const source = ID_SOURCES[op.path] ?? op.path.slice(0, op.path.indexOf('/{'));
  const id = await firstId(source);
  if (!id) return null;
  const child = CHILD_IDS[op.path];
  if (child) {
    const list = child[0].replace(`{${name}}`, String(id));
    const second = rows(await api.get(`/api${list}?limit=1`))[0]?.[child[1]] as string | undefined;
    return second ? op.path.replace(`{${name}}`, String(id)).replace(/\{\w+\}/, second) : null;
  }
  // Further path parameters (a hotspot index, a graph type): their first enum value, example or 1.
  return op.path.replace(`{${name}}`, String(id)).replace(/\{(\w+)\}/g, (_, other: string) => {
    const parameter = ((op.node.parameters as OpenApiNode[] | undefined) ?? []).find((p) => p.name === other);
    const schema = (parameter?.schema ?? {}) as OpenApiNode;
    return String(PATH_VALUES[other] ?? (schema.enum as unknown[] | undefined)?.[0] ?? schema.example ?? 1);
  });
}

function query(op: Operation): string {
  const pairs = ((op.node.parameters as unknown[] | undefined) ?? [])
    .map((p) => parameterValue(document, p))
    .filter((p): p is [string, string] => p !== null)
    .map(([name, value]): [string, string] => [name, QUERY_VALUES[op.path]?.[name] ?? value]);
  for (const [name, value] of Object.entries(QUERY_VALUES[op.path] ?? {})) {
    if (!pairs.some(([n]) => n === name)) pairs.push([name, value]);
  }
  return pairs.length ? `?${new URLSearchParams(pairs)}` : '';
}

function expectConforms(op: Operation, reply: Reply, url: string) {
  const check = validate(op, reply.status);
  expect(check, `${op.key}: no JSON schema for status ${reply.status} (${url})`).not.toBeNull();
  const valid = check!(reply.body);
  expect(valid ? [] : check!.errors, `${url} ${reply.status}: ${JSON.stringify(reply.body).slice(0, 400)}`).toEqual([]);
}

const JSON_200 = (op: Operation) =>
  JSON.stringify((op.node.responses as OpenApiNode)['200'] ?? {}).includes('application/json');

describe('OpenAPI conformance (strict, with a token)', () => {
  it('every implemented read answers 200 with the schema of 200', async () => {
    const reads = implemented.filter((op) => op.method === 'GET' && JSON_200(op));
    expect(reads.length).toBeGreaterThanOrEqual(40);
    const failures: string[] = [];
    for (const op of reads) {
      const path = await concretePath(op);
      if (!path) {
        failures.push(`${op.key}: no record to read`);
        continue;
      }
      const extra = query(op);
      const url = `/api${path}${extra && path.includes('?') ? `&${extra.slice(1)}` : extra}`;
      const reply = await api.get(url);
      const check = validate(op, reply.status);
      if (reply.status !== 200 || !check || !check(reply.body)) {
        failures.push(
          `${url} ${reply.status}: ${JSON.stringify(check?.errors?.slice(0, 3) ?? reply.body).slice(0, 300)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('errors answer the schema of their status', async () => {
    const companies = implemented.find((op) => op.key === 'GET /companies')!;
    expectConforms(companies, await new Client(server.url).get('/api/companies'), 'GET /api/companies (no token)');
    const create = implemented.find((op) => op.key === 'POST /companies')!;
    expectConforms(create, await api.post('/api/companies', { name: 'C', parent_id: 1 }), 'POST /api/companies');
  });

  it('writes answer the schema of their status', async () => {
    const op = (key: string) => implemented.find((o) => o.key === key)!;
    const cases: [string, () => Promise<Reply>][] = [
      ['POST /companies', () => api.post('/api/companies', { name: 'Conformance Ltd', parent_id: 1 })],
      ['POST /companies/move', () => api.post('/api/companies/move', { source: 3, target: 4 })],
      ['POST /tags', () => api.post('/api/tags', { company_id: 1, name: 'Conformance' })],
      [
        'POST /credits/move',
        () => api.post('/api/credits/move', { credit_type_name: 'Paid Credit', source: 1, target: 2, amount: 1 }),
      ],
      [
        'POST /credits/codes',
        () => api.post('/api/credits/codes', { credit_type_name: 'Paid Credit', company_id: 1, amount: 1 }),
      ],
      [
        'POST /devices/connect/{}',
        async () => api.post(`/api/devices/connect/${await firstId('/devices/remote-access')}`, { duration: 60 }),
      ],
      [
        'PUT /devices/remote-access/{}',
        async () => api.put(`/api/devices/remote-access/${await firstId('/devices/remote-access')}`, { name: 'Conf' }),
      ],
      [
        'PUT /vpn/hubs/{}/toggle',
        async () => api.put(`/api/vpn/hubs/${await firstId('/vpn/hubs')}/toggle`, { enabled: true }),
      ],
      ['PUT /vpn/hubs/{}', async () => api.put(`/api/vpn/hubs/${await firstId('/vpn/hubs')}`, { tag_id: [] })],
      [
        'DELETE /users/{}',
        async () => api.delete(`/api/users/${rows(await api.get('/api/users?sort=-id&limit=1'))[0].id}`),
      ],
    ];
    for (const [key, call] of cases) expectConforms(op(key), await call(), key);
  });
});
