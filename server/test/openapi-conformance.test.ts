import { beforeAll, describe, expect, it } from 'vitest';
import { Client, rows, signedIn, tokenClient, useServer, type Reply } from './harness';
import { mend } from './openapi/mends';
import { strictValidator } from './openapi/strict-schema';
import { concreteUrl, firstId } from './openapi/paths';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { loadDocument, operations, type OpenApiNode, type Operation } from '../openapi/document';

// Conformance with the vendor's OpenAPI, as an API client sees it: every
// implemented read operation (x-implemented in /api/openapi.json) is called
// with a personal access token and its response is validated strictly
// against the OpenAPI's schema for the status it answered (no nullable
// relaxation, the vendor's `Y-m-d H:i:s` date pattern, every field of a
// device record: openapi/strict-schema.ts), and so are the
// writes below, the vendor's schema defects mended first (openapi/mends.ts).
// Path ids come from the operation's own list (openapi/paths.ts).

const document = loadDocument();

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
      const url = await concreteUrl(api, op);
      if (!url) {
        failures.push(`${op.key}: no record to read`);
        continue;
      }
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
        async () => api.post(`/api/devices/connect/${await firstId(api, '/devices/remote-access')}`, { duration: 60 }),
      ],
      [
        'PUT /devices/remote-access/{}',
        async () =>
          api.put(`/api/devices/remote-access/${await firstId(api, '/devices/remote-access')}`, { name: 'Conf' }),
      ],
      [
        'PUT /vpn/hubs/{}/toggle',
        async () => api.put(`/api/vpn/hubs/${await firstId(api, '/vpn/hubs')}/toggle`, { enabled: true }),
      ],
      ['PUT /vpn/hubs/{}', async () => api.put(`/api/vpn/hubs/${await firstId(api, '/vpn/hubs')}`, { tag_id: [] })],
      [
        'DELETE /users/{}',
        async () => api.delete(`/api/users/${rows(await api.get('/api/users?sort=-id&limit=1'))[0].id}`),
      ],
    ];
    for (const [key, call] of cases) expectConforms(op(key), await call(), key);
  });
});
