import { describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { rows, tokenClient, useServer, type Client } from './harness';

// Request bodies the vendor's API does not take are refused and write nothing
// (issue 29, item 7): JSON behind a UTF-8 byte-order mark, and an id sent as a
// string where the OpenAPI types it as an integer.

const { server, admin } = useServer({ admin: 'admin@example.com' });

const tagNames = async (client: Client) => rows(await client.get('/api/tags?limit=1000')).map((t) => t.name);

describe('request body types', () => {
  it('a JSON body behind a UTF-8 byte-order mark is a 400 and writes nothing', async () => {
    const before = await tagNames(admin);
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ company_id: 1, name: 'Behind a BOM', description: 'x' })),
    ]);
    const reply = await admin.raw('POST', '/api/tags', { body, headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual({
      success: false,
      errors: [
        { code: 'BAD_REQUEST', message: 'The request body must not start with a byte-order mark.', source: null },
      ],
    });
    expect(await tagNames(admin)).toEqual(before);
  });

  it('an id as a string where the OpenAPI says integer is a 422 on the field, for a session and a token', async () => {
    const { client: api } = await tokenClient(server, admin, TOKEN_SCOPES, 'body-types');
    for (const client of [admin, api]) {
      const before = await tagNames(admin);
      const reply = await client.post('/api/tags', { company_id: '1', name: 'String id', description: 'x' });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        success: false,
        errors: [{ code: 'VALIDATION_ERROR', message: 'The company_id must be an integer.', source: 'company_id' }],
      });
      expect(await tagNames(admin)).toEqual(before);
    }
    const move = await admin.post('/api/devices/move', { company_id: 2, device_id: ['1'] });
    expect(move.status).toBe(422);
    expect(move.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ source: 'device_id' })]),
    });
    const bulk = await api.put('/api/devices/tags/assign', { data: [{ device_id: 1, tag_id: '1' }] });
    expect(bulk.status).toBe(422);
    expect(bulk.body).toMatchObject({ errors: [{ source: 'data.0.tag_id' }] });
    // The integer is taken.
    expect((await admin.post('/api/tags', { company_id: 1, name: 'Integer id', description: 'x' })).status).toBe(201);
  });
});
