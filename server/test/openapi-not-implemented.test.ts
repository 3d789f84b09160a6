import { beforeAll, describe, expect, it } from 'vitest';
import { Client, signedIn, tokenClient, useServer } from './harness';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { loadDocument, operations, type OpenApiNode } from '../openapi/document';

// Every operation of the vendor's OpenAPI has a route. An operation this
// server has no route for (a newer vendor document, say) answers 501 in the
// error envelope (never 404), still behind authentication, and never in place
// of an implemented route: the server here follows the vendor's document with
// two operations added, one on a new path and one on a served path.

const vendor = loadDocument();
const paths = vendor.paths as Record<string, OpenApiNode>;
const UNSERVED = { get: { summary: 'Variants of an image', tags: ['images'], responses: {} } };
const extended: OpenApiNode = {
  ...vendor,
  paths: {
    ...paths,
    '/images/{id}/variants': UNSERVED,
    '/companies/{id}': { ...paths['/companies/{id}'], patch: { ...UNSERVED.get, tags: ['companies'] } },
  },
};

const { server } = useServer({}, { openapi: extended });
let api: Client;

beforeAll(async () => {
  const superAdmin = await signedIn(server, 'super@example.com');
  api = (await tokenClient(server, superAdmin, TOKEN_SCOPES, 'not-implemented')).client;
});

const notImplemented = (path: string) => ({
  success: false,
  errors: [{ code: 'NOT_IMPLEMENTED', message: expect.stringContaining(path), source: null }],
});

describe('OpenAPI operations', () => {
  it('of the vendor: every one implemented, none answering 501 or missing', async () => {
    const served = (await api.get('/api/openapi.json')).body as OpenApiNode;
    const vendorKeys = new Set(operations(vendor).map((op) => op.key));
    const ours = operations(served).filter((op) => vendorKeys.has(op.key));
    expect(ours).toHaveLength(vendorKeys.size);
    expect(ours.filter((op) => op.node['x-implemented'] !== true).map((op) => op.key)).toEqual([]);
  });

  it('without a route answer 501 in the error envelope, never 404, and are marked so', async () => {
    for (const [method, url, path] of [
      ['GET', '/api/images/1/variants', '/images/{id}/variants'],
      ['PATCH', '/api/companies/1', '/companies/{id}'],
    ]) {
      const reply = await api.request(method, url, method === 'PATCH' ? {} : undefined);
      expect(reply.status, `${method} ${url}`).toBe(501);
      expect(reply.body).toEqual(notImplemented(path));
    }
    const served = (await api.get('/api/openapi.json')).body as OpenApiNode;
    const unserved = operations(served).filter((op) => op.node['x-implemented'] !== true);
    expect(unserved.map((op) => [op.method, op.path, op.node['x-status']]).sort()).toEqual([
      ['GET', '/images/{id}/variants', 501],
      ['PATCH', '/companies/{id}', 501],
    ]);
  });

  it('without a route still require authentication', async () => {
    const reply = await new Client(server.url).get('/api/images/1/variants');
    expect(reply.status).toBe(401);
    expect((reply.body.errors as { code: string }[])[0].code).toBe('UNAUTHORIZED');
  });

  it('without a route do not shadow the implemented routes beside them', async () => {
    expect((await api.get('/api/companies/1')).status).toBe(200);
    expect((await api.get('/api/images/1')).status).not.toBe(501);
    // A path no document has is still not found.
    expect((await new Client(server.url).get('/api/images-of-nothing')).status).toBe(404);
  });
});
