import { beforeAll, describe, expect, it } from 'vitest';
import { Client, signedIn, tokenClient, useServer } from './harness';
import { coverageRows, coverageTable } from '../../scripts/openapi-coverage';
import { operations, type OpenApiNode } from '../openapi/document';

// The vendor's OpenAPI served by this server: /api/openapi.json marks every
// operation implemented (x-implemented) or 501 (x-status), /api/docs is
// swagger-ui from local assets only, and the coverage table counts per tag.

const { server } = useServer({});
let document: OpenApiNode;

beforeAll(async () => {
  document = (await new Client(server.url).get('/api/openapi.json')).body as OpenApiNode;
});

const operation = (method: string, path: string) =>
  operations(document).find((op) => op.method === method && op.path === path)!.node;

describe('the served OpenAPI', () => {
  it('is the vendor document pointed at this server, each operation marked', () => {
    expect(document.openapi).toBe('3.0.0');
    expect(document.servers).toEqual([{ url: '/api', description: 'This server' }]);
    expect(operations(document).length).toBe(229);
    expect(operation('GET', '/devices')['x-implemented']).toBe(true);
    expect(String(operation('GET', '/devices').description)).toMatch(/^\*\*Implemented by this server\.\*\*/);
    for (const op of operations(document)) expect(typeof op.node['x-implemented'], op.key).toBe('boolean');
  });

  it('is readable with a token of any scope', async () => {
    const admin = await signedIn(server, 'admin@example.com');
    const { client } = await tokenClient(server, admin, ['tags:read']);
    expect((await client.get('/api/openapi.json')).status).toBe(200);
  });

  it('serves swagger-ui at /api/docs from local assets only', async () => {
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(2);
    for (const ref of refs) {
      expect(ref, 'no asset from the internet').not.toMatch(/^(https?:)?\/\//);
      const asset = await fetch(new URL(ref, `${server.url}/api/docs/`));
      await asset.arrayBuffer();
      expect(asset.status, ref).toBe(200);
    }
    const json = await fetch(`${server.url}/api/docs/json`);
    expect((await json.json()).openapi).toBe('3.0.0');
  });

  it('counts implemented, 501 and missing operations per tag', () => {
    const rows = coverageRows(document);
    const sum = rows.reduce((n, r) => n + r.implemented + r.notImplemented + r.missing.length, 0);
    expect(sum).toBe(229);
    const table = coverageTable(rows).split('\n');
    expect(table[0]).toMatch(/^tag\s+implemented\s+501\s+missing$/);
    expect(table.at(-1)).toMatch(/^total\s+\d+\s+\d+\s+\d+$/);
  });
});
