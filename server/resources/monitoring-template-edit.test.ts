import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signedIn, startServer, type TestServer } from '../test/harness';

// PUT /monitoring-templates/:id, validated by the edit-monitoring-template
// form document, within the tenancy.

let server: TestServer;
let admin: Client;
let globex: Client;
let guest: Client;

beforeAll(async () => {
  server = await startServer({ devices: 10 });
  admin = await signedIn(server, 'admin@example.com');
  globex = await signedIn(server, 'globex.admin@example.com');
  guest = await signedIn(server, 'guest@example.com');
});
afterAll(() => server.close());

const periods = { dynamic: 300, static: 1296000, hotspot: 300, io: 300, gps: 300, wireless: 300, ddns: 300, l2tp: 300 };

describe('edit monitoring template', () => {
  it('updates a template from the validated form, within the tenancy', async () => {
    const created = await admin.post('/api/monitoring-templates', { name: 'Before', ...periods });
    const id = (created.body as { data: { id: number } }).data.id;

    const bad = await admin.put(`/api/monitoring-templates/${id}`, { name: 'After', ...periods, dynamic: 30 });
    expect(bad.status).toBe(422);
    expect((bad.body as { errors: { source: string }[] }).errors.map((e) => e.source)).toContain('dynamic');

    const updated = await admin.put(`/api/monitoring-templates/${id}`, { name: 'After', ...periods, gps: 600 });
    expect(updated.status).toBe(200);
    expect((updated.body as { message?: string }).message).toBe('Monitoring template updated successfully');
    const item = (await admin.get(`/api/monitoring-templates/${id}`)).body as { data: Record<string, unknown> };
    expect(item.data).toMatchObject({ name: 'After', gps: 600, dynamic: 300 });

    expect((await guest.put(`/api/monitoring-templates/${id}`, { name: 'Guest', ...periods })).status).toBe(403);
    expect([403, 404]).toContain(
      (await globex.put(`/api/monitoring-templates/${id}`, { name: 'X', ...periods })).status,
    );
    const after = (await admin.get(`/api/monitoring-templates/${id}`)).body as { data: Record<string, unknown> };
    expect(after.data.name).toBe('After');
  });
});
