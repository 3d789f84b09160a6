import { beforeAll, describe, expect, it } from 'vitest';
import { Client, signedIn, tokenClient, useServer } from './harness';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { operations, type OpenApiNode } from '../openapi/document';

// Operations of the vendor's OpenAPI this server has no route for answer 501
// in the error envelope (never 404), still behind authentication, and never
// in place of an implemented route.

const { server } = useServer({});
let api: Client;

beforeAll(async () => {
  const superAdmin = await signedIn(server, 'super@example.com');
  api = (await tokenClient(server, superAdmin, TOKEN_SCOPES, 'not-implemented')).client;
});

const NOT_IMPLEMENTED = {
  success: false,
  errors: [{ code: 'NOT_IMPLEMENTED', message: expect.stringContaining('/images'), source: null }],
};

describe('OpenAPI operations without a route', () => {
  it('answer 501 in the error envelope, never 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/images'],
      ['POST', '/api/images'],
      ['GET', '/api/images/1'],
      ['DELETE', '/api/images/1'],
      ['GET', '/api/images/1/thumbnail'],
    ]) {
      const reply = await api.request(method, url, method === 'POST' ? {} : undefined);
      expect(reply.status, `${method} ${url}`).toBe(501);
      expect(reply.body).toEqual(NOT_IMPLEMENTED);
    }
  });

  it('still require authentication', async () => {
    const anonymous = new Client(server.url);
    const reply = await anonymous.get('/api/images/1');
    expect(reply.status).toBe(401);
    expect((reply.body.errors as { code: string }[])[0].code).toBe('UNAUTHORIZED');
  });

  it('do not shadow implemented routes beside them', async () => {
    expect((await api.get('/api/vpn/hubs?limit=1')).status).toBe(200);
    expect((await api.get('/api/companies?limit=1')).status).toBe(200);
    expect((await api.get('/api/devices/tasks/groups?limit=1')).status).toBe(200);
    // A path the OpenAPI does not have is still not found.
    expect((await new Client(server.url).get('/api/images-of-nothing')).status).toBe(404);
  });

  it('leave no operation of the document missing', async () => {
    const served = (await api.get('/api/openapi.json')).body as OpenApiNode;
    const missing = operations(served).filter((op) => op.node['x-implemented'] !== true && op.node['x-status'] !== 501);
    expect(missing.map((op) => op.key)).toEqual([]);
    const images = operations(served).filter((op) => op.tag === 'images');
    expect(images.map((op) => op.node['x-status'])).toEqual([501, 501, 501, 501, 501, 501]);
  });
});
