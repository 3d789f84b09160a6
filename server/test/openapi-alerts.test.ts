import { afterAll, describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';
import { closeSockets, completed } from './sockets';
import { expectConforms, sources } from './openapi/conforms';

// Alerts, device alert configurations and e-mail configurations of the RMS
// API over real HTTP: an alert removed stays removed, alert tokens are kept
// per user, alert configurations are added to devices of the caller's
// companies, listed on a channel and removed, an SMTP configuration is
// edited; other tenants and guests are refused and refused input changes nothing.

const { server, admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});
afterAll(closeSockets);

describe('alerts', () => {
  it('removes an alert of the caller’s companies', async () => {
    const [alert] = rows(await admin.get('/api/alerts?limit=1'));
    const path = `/api/alerts/${String(alert.id)}`;
    expect((await globex.delete(path)).status).toBe(404);
    expect((await guest.delete(path)).status).toBe(403);
    expect((await admin.get(path)).status).toBe(200);
    const removed = await admin.delete(path);
    expect(removed.status).toBe(200);
    expectConforms('DELETE /alerts/{}', removed);
    expect((await admin.get(path)).status).toBe(404);
    expect(rows(await admin.get(`/api/alerts?id=${String(alert.id)}`))).toEqual([]);
    const again = await admin.delete(path);
    expect(again.status).toBe(404);
    expectConforms('DELETE /alerts/{}', again);
  });

  it('keeps the alert tokens of a user', async () => {
    const tokens = () =>
      server.app.ctx.db.selectFrom('alert_tokens').select(['user_id', 'token']).orderBy('token').execute();
    const added = await admin.post('/api/alerts/token', { token: 'fcm-token-1' });
    expect(added.status).toBe(201);
    expectConforms('POST /alerts/token', added);
    expect((await admin.post('/api/alerts/token', { token: 'fcm-token-1' })).status).toBe(201);
    expect((await tokens()).map((t) => t.token)).toEqual(['fcm-token-1']);
    for (const body of [{}, { token: '' }, { token: 5 }, { token: 'a b' }, { token: 'x', extra: 1 }]) {
      const refused = await admin.post('/api/alerts/token', body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expectConforms('POST /alerts/token', refused);
      expect(sources(refused)[0]).toMatch(/^(token|extra)$/);
    }
    expect(await tokens()).toHaveLength(1);
  });
});

describe('device alert configurations', () => {
  it('adds configurations to devices, lists them on a channel and removes them', async () => {
    const [device] = rows(await admin.get('/api/devices?company_id=1&limit=1&fields=id'));
    const theirs = rows(await globex.get('/api/devices?limit=1&fields=id'))[0].id as number;
    const row = (device_id: unknown, extra: object = {}) => ({
      device_id,
      alert_type_id: 1,
      alert_subtype_id: 2,
      action: 1,
      message: 'Router offline',
      email: 'ops@example.com',
      redundancy_interval: 60,
      data_limit: 0,
      ...extra,
    });
    const listed = async (client = admin) => {
      const reply = await client.get(`/api/devices/alerts-configurations?id=${String(device.id)}`);
      expectConforms('GET /devices/alerts-configurations', reply);
      return (await completed(server.url, client, reply)).data as Record<string, unknown>[];
    };
    expect(await listed()).toEqual([]);
    const added = await admin.post('/api/devices/alerts-configurations', { data: [row(device.id)] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expectConforms('POST /devices/alerts-configurations', added);
    expect(await completed(server.url, admin, added, 201)).toMatchObject({ done: 1 });
    const [config] = await listed();
    expect(config).toMatchObject({ device_id: device.id, message: 'Router offline', email: 'ops@example.com' });

    for (const [body, source] of [
      [{ data: [row(device.id), row(theirs)] }, 'data.1.device_id'],
      [{ data: [row(device.id, { action: 4 })] }, 'data.0.action'],
      [{ data: [row(device.id, { email: 'nope' })] }, 'data.0.email'],
      [{ data: [{ device_id: device.id }] }, 'data.0'],
      [{ data: [] }, 'data'],
    ] as const) {
      const refused = await admin.post('/api/devices/alerts-configurations', body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expectConforms('POST /devices/alerts-configurations', refused);
      expect(sources(refused).some((s) => s?.startsWith(source))).toBe(true);
    }
    expect((await guest.post('/api/devices/alerts-configurations', { data: [row(device.id)] })).status).toBe(403);
    expect((await globex.get(`/api/devices/alerts-configurations?id=${String(device.id)}`)).status).toBe(404);
    expect(await listed()).toHaveLength(1);

    const path = `/api/devices/${String(device.id)}/alerts-configurations/${String(config.id)}`;
    expect((await globex.delete(path)).status).toBe(404);
    expect((await guest.delete(path)).status).toBe(403);
    expect((await admin.delete(`/api/devices/${theirs}/alerts-configurations/${String(config.id)}`)).status).toBe(404);
    const removed = await admin.delete(path);
    expect(removed.status).toBe(200);
    expectConforms('DELETE /devices/{}/alerts-configurations/{}', removed);
    expect(await listed()).toEqual([]);
    expect((await admin.delete(path)).status).toBe(404);
  });
});

describe('PUT /email-configurations/{id}', () => {
  it('edits an SMTP configuration of the caller’s companies', async () => {
    const [config] = rows(await admin.get('/api/email-configurations?company_id=1&limit=1'));
    const path = `/api/email-configurations/${String(config.id)}`;
    const reply = await admin.put(path, { name: 'Acme relay 2', port: 2525, password: 'Smtp-secret-1' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectConforms('PUT /email-configurations/{}', reply);
    const read = (await admin.get(path)).body.data as Record<string, unknown>;
    expect(read).toMatchObject({ name: 'Acme relay 2', port: 2525, host: 'smtp.acme.example', password_set: true });
    expect(JSON.stringify(read)).not.toContain('Smtp-secret-1');
    for (const [body, source] of [
      [{ port: 70000 }, 'port'],
      [{ email: 'nope' }, 'email'],
      [{ name: ' ' }, 'name'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const refused = await admin.put(path, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expectConforms('PUT /email-configurations/{}', refused);
      expect(sources(refused)).toContain(source);
    }
    expect((await admin.put(path, {})).status).toBe(422);
    expect((await globex.put(path, { name: 'Theirs' })).status).toBe(404);
    expect((await guest.put(path, { name: 'Guest' })).status).toBe(403);
    expect((await admin.get(path)).body.data).toMatchObject({ name: 'Acme relay 2', port: 2525 });
  });
});
