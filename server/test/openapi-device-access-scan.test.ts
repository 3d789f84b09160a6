import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, operations } from '../openapi/document';
import { type Reply, rows, useServer } from './harness';
import { inDatabase } from './project-database';
import { strictValidator } from './openapi/strict-schema';
import { closeSockets, completed } from './sockets';

// Device access over real HTTP: the Ethernet ports of a device, which ports
// are open for RMS Connect, the eSIM bootstrap check (all on channels, and
// only for online devices of the caller's companies), and restarting an RMS
// Connect session by its link.

const document = loadDocument();
const validate = strictValidator(document);
const ops = new Map(operations(document).map((op) => [`${op.method} ${op.path}`, op]));

const { server, admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});
afterAll(closeSockets);

function strict(key: string, reply: Reply, status = 200) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const check = validate(ops.get(key)!, status);
  if (check) expect(check(reply.body) ? [] : check.errors).toEqual([]);
  return reply;
}

type Port = { id: number; type: string; name: string; devices: Record<string, string>[] };

let online: number;
let offline: number;

beforeAll(async () => {
  online = rows(await admin.get('/api/devices?company_id=1&status=1&sort=id&limit=1'))[0].id as number;
  offline = rows(await admin.get('/api/devices?company_id=1&status=0&sort=id&limit=1'))[0].id as number;
});

describe('device scans', () => {
  it('answers the Ethernet ports of an online device on a channel', async () => {
    const key = 'GET /devices/{id}/port-scan/';
    const reply = strict(key, await admin.get(`/api/devices/${online}/port-scan/?type=ethernet`));
    // Keyed by device id, as the vendor's clients read it: a status and the ports, with the LAN devices seen.
    const data = (await completed(server.url, admin, reply)).data as Record<string, { status: string; ports: Port[] }>;
    expect(Object.keys(data)).toEqual([String(online)]);
    expect(data[online].status).toBe('completed');
    const { ports } = data[online];
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) {
      expect(Object.keys(port).sort()).toEqual(['devices', 'id', 'name', 'type']);
      expect(['WAN', 'LAN']).toContain(port.type);
    }
    expect(ports.filter((p) => p.type === 'LAN').length).toBeGreaterThan(0);
    const idle = strict(key, await admin.get(`/api/devices/${offline}/port-scan/?type=ethernet`), 422);
    expect((idle.body.errors as { source: string }[])[0].source).toBe('id');
    expect((await admin.get(`/api/devices/${online}/port-scan/?type=wifi`)).status).toBe(422);
    expect((await globex.get(`/api/devices/${online}/port-scan/?type=ethernet`)).status).toBe(404);
  });

  it('lists the clients of the live hotspot sessions as LAN devices on the first LAN port, also on the status channel', async () => {
    const client = await inDatabase(server.dbFile, (db) =>
      db
        .selectFrom('hotspot_users as u')
        .innerJoin('devices as d', 'd.id', 'u.device_id')
        .select(['d.id', 'u.mac', 'u.ip'])
        .where('d.company_id', '=', 1)
        .where('d.status', '=', 1)
        .where('u.started_at', 'is not', null)
        .orderBy('d.id')
        .executeTakeFirstOrThrow(),
    );
    const reply = strict(
      'GET /devices/{id}/port-scan/',
      await admin.get(`/api/devices/${client.id}/port-scan/?type=ethernet`),
    );
    const channel = (reply.body.meta as { channel: string }).channel;
    const status = await admin.get<{ data: Record<string, { status: string; ports: Port[] }[]> }>(
      `/status/channel/${channel}`,
    );
    expect(Object.keys(status.body.data)).toEqual([String(client.id)]);
    const [result] = status.body.data[client.id];
    expect(result.status).toBe('completed');
    const lan = result.ports.find((p) => p.type === 'LAN')!;
    expect(lan.devices).toEqual([{ mac: client.mac, ip: client.ip, vendor: '', port: lan.name }]);
    expect(result.ports.filter((p) => p !== lan).every((p) => p.devices.length === 0)).toBe(true);
  });

  it('tells which of the given ports are open', async () => {
    const key = 'GET /devices/{id}/connect-auto-scan/';
    const reply = strict(key, await admin.get(`/api/devices/${online}/connect-auto-scan/?ports=22,8080`));
    expect((await completed(server.url, admin, reply)).data).toEqual([
      { port: 22, open: true, service: 'ssh/sftp' },
      { port: 8080, open: false },
    ]);
    for (const ports of ['', '0', '70000', 'a,b']) {
      const bad = strict(key, await admin.get(`/api/devices/${online}/connect-auto-scan/?ports=${ports}`), 422);
      expect((bad.body.errors as { source: string }[])[0].source, ports).toBe('ports');
    }
    expect((await guest.get(`/api/devices/${online}/connect-auto-scan/?ports=22`)).status).toBe(404);
  });

  it('checks the eSIM bootstrap of an online device', async () => {
    const reply = strict(
      'GET /devices/{id}/check/esim-bootstrap',
      await admin.get(`/api/devices/${online}/check/esim-bootstrap`),
    );
    expect((await completed(server.url, admin, reply)).data).toMatchObject({ device_id: online });
    expect((await admin.get(`/api/devices/${offline}/check/esim-bootstrap`)).status).toBe(422);
    expect((await globex.get(`/api/devices/${online}/check/esim-bootstrap`)).status).toBe(404);
  });
});

describe('POST /rms-connect/restart', () => {
  it('opens a closed session again by its link, for its caller’s companies only', async () => {
    const entries = rows(await admin.get('/api/devices/remote-access?limit=100'));
    const entry = entries.find((e) => e.company_id === 1)!;
    const opened = await completed(
      server.url,
      admin,
      await admin.post(`/api/devices/connect/${String(entry.id)}`, { duration: 120 }),
    );
    const { link_id, url } = opened.data as { link_id: number; url: string };
    expect((await admin.delete(`/api/devices/connect/sessions/${link_id}`)).status).toBe(200);
    const key = 'POST /rms-connect/restart';
    const refused = strict(key, await globex.post('/api/rms-connect/restart', { url }), 422);
    expect((refused.body.errors as { source: string }[])[0].source).toBe('url');
    expect((await guest.post('/api/rms-connect/restart', { url })).status).toBe(403);
    strict(key, await admin.post('/api/rms-connect/restart', { url: 'https://example.com/?session=nope' }), 422);
    expect((await admin.post('/api/rms-connect/restart', {})).status).toBe(422);
    const status = async () =>
      (await completed(server.url, admin, await admin.post('/api/devices/connect/status', { id: [link_id] }))).data;
    expect(await status()).toEqual([{ id: link_id, active: false, ttl: 0 }]);
    const restarted = strict(key, await admin.post('/api/rms-connect/restart', { url }));
    expect((await completed(server.url, admin, restarted)).data).toMatchObject({ link_id, url, ttl: 120 });
    expect(await status()).toEqual([{ id: link_id, active: true, ttl: 120 }]);
  });
});
