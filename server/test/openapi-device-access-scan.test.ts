import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDeviceCredentials } from '../devices/credentials';
import { startDeviceGateway } from '../devices/gateway';
import { loadDocument, operations } from '../openapi/document';
import { NOT_UNDERSTOOD } from '../services/port-scan-result';
import { deadlines, startTestRouter, type TestRouter } from './mqtt-router';
import { type Reply, rows, useServer } from './harness';
import { strictValidator } from './openapi/strict-schema';
import { closeSockets, completed } from './sockets';

// Device access over real HTTP: the Ethernet ports of a device and which
// ports are open for RMS Connect, both asked of the device over the control
// channel (a router on the gateway's embedded broker answers them), the eSIM
// bootstrap check (all on channels, and only for online devices of the
// caller's companies), and restarting an RMS Connect session by its link.

const document = loadDocument();
const validate = strictValidator(document);
const ops = new Map(operations(document).map((op) => [`${op.method} ${op.path}`, op]));

const { server, admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});

function strict(key: string, reply: Reply, status = 200) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const check = validate(ops.get(key)!, status);
  if (check) expect(check(reply.body) ? [] : check.errors).toEqual([]);
  return reply;
}

type Port = { id: number; type: string; name: string; devices: Record<string, string>[] };

let online: number;
let offline: number;
/** Online in its record, but not connected: it answers nothing. */
let unanswering: number;
let router: TestRouter;

/** What the router answers to a port scan: a LAN device on its LAN port. */
const SCAN = {
  ports: [
    { id: 1, type: 'WAN', name: 'WAN', devices: [] },
    {
      id: 2,
      type: 'LAN',
      name: 'LAN1',
      devices: [{ mac: '02:1a:00:00:00:07', ip: '192.168.1.20', vendor: 'Siemens' }],
    },
  ],
};

beforeAll(async () => {
  const [first, second] = rows(await admin.get('/api/devices?company_id=1&status=1&sort=id&limit=2&fields=id,serial'));
  online = first.id as number;
  unanswering = second.id as number;
  offline = rows(await admin.get('/api/devices?company_id=1&status=0&sort=id&limit=1'))[0].id as number;
  const { db } = server.app.ctx;
  // Nothing is polled: the devices keep their status, the router answers only what it is asked.
  await db.updateTable('devices').set({ monitoring_enabled: 0 }).execute();
  const [{ secret }] = await issueDeviceCredentials(db, [String(first.serial)]);
  server.app.ctx.devices = await startDeviceGateway(
    server.app.ctx,
    {
      host: '127.0.0.1',
      port: 0,
      topicPrefix: '',
      username: 'fleet-gateway',
      enrollment: true,
      discoveryMs: 60_000,
      answerMs: 1000,
      controlTimeouts: {
        resendMs: 300,
        sends: 2,
        deadlineMs: deadlines(2000),
      },
    },
    { info: () => undefined, warn: () => undefined },
  );
  router = await startTestRouter({
    url: server.app.ctx.devices.brokerUrl,
    serial: String(first.serial),
    password: secret,
    values: {},
  });
  router.results.port_scan = SCAN;
  router.results.esim_check = { esim: true, bootstrapped: false };
  router.results.port_check = (args) => ({ open: (args.ports as number[]).filter((p) => [22, 80].includes(p)) });
});

afterAll(async () => {
  closeSockets();
  await router?.close();
  await server.app.ctx.devices?.close();
  server.app.ctx.devices = undefined;
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

  it('answers the ports and LAN devices the device reports, on the status channel too', async () => {
    const reply = strict(
      'GET /devices/{id}/port-scan/',
      await admin.get(`/api/devices/${online}/port-scan/?type=ethernet`),
    );
    const channel = (reply.body.meta as { channel: string }).channel;
    let data: Record<string, { status: string; ports: Port[] }[]> = {};
    for (let i = 0; i < 50 && !data[online]; i++) {
      data = (await admin.get<{ data: typeof data }>(`/status/channel/${channel}`)).body.data;
      if (!data[online]) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Object.keys(data)).toEqual([String(online)]);
    expect(data[online]).toEqual([
      {
        status: 'completed',
        ports: SCAN.ports.map((port) => ({ ...port, devices: port.devices.map((d) => ({ ...d, port: port.name })) })),
      },
    ]);
    expect(router.requests).toContain('port_scan');
  });

  it('a device that does not answer, or answers out of shape, is a failed result with the reason', async () => {
    const silent = await completed(
      server.url,
      admin,
      await admin.get(`/api/devices/${unanswering}/port-scan/?type=ethernet`),
    );
    expect(silent).toMatchObject({ done: 0, failed: 1 });
    expect(silent.data).toEqual({
      [unanswering]: { status: 'error', value: 'The device did not accept the request.', ports: [] },
    });
    router.results.port_scan = { ports: [{ id: 1, type: 'WAN', name: 'WAN', devices: [{ mac: 'forged', ip: '1' }] }] };
    try {
      const forged = await completed(
        server.url,
        admin,
        await admin.get(`/api/devices/${online}/port-scan/?type=ethernet`),
      );
      expect(forged.data).toEqual({ [online]: { status: 'error', value: NOT_UNDERSTOOD, ports: [] } });
    } finally {
      router.results.port_scan = SCAN;
    }
  });

  it("the device page's Ports list shows the known services' ports the device says it listens on", async () => {
    const reply = await admin.get(`/api/devices/${online}/port-scan`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(rows(reply)).toEqual([
      { id: 22, port: 22, protocol: 'tcp', state: 'open', service: 'ssh/sftp' },
      { id: 80, port: 80, protocol: 'tcp', state: 'open', service: 'http' },
    ]);
    const idle = await admin.get(`/api/devices/${offline}/port-scan`);
    expect(idle.status).toBe(422);
    expect((idle.body.errors as { message: string }[])[0].message).toBe('The device is offline.');
  });

  it('tells which of the given ports are open', async () => {
    const key = 'GET /devices/{id}/connect-auto-scan/';
    const reply = strict(key, await admin.get(`/api/devices/${online}/connect-auto-scan/?ports=22,8080`));
    expect((await completed(server.url, admin, reply)).data).toEqual([
      { port: 22, open: true, service: 'ssh/sftp' },
      { port: 8080, open: false },
    ]);
    // Asked of the device: it listens on 80 too (the router's answer), whatever its model.
    const web = await admin.get(`/api/devices/${online}/connect-auto-scan/?ports=80,443`);
    expect((await completed(server.url, admin, web)).data).toEqual([
      { port: 80, open: true, service: 'http' },
      { port: 443, open: false, service: 'https' },
    ]);
    for (const ports of ['', '0', '70000', 'a,b']) {
      const bad = strict(key, await admin.get(`/api/devices/${online}/connect-auto-scan/?ports=${ports}`), 422);
      expect((bad.body.errors as { source: string }[])[0].source, ports).toBe('ports');
    }
    expect((await guest.get(`/api/devices/${online}/connect-auto-scan/?ports=22`)).status).toBe(404);
  });

  it("checks the eSIM bootstrap of an online device: the device's answer", async () => {
    const reply = strict(
      'GET /devices/{id}/check/esim-bootstrap',
      await admin.get(`/api/devices/${online}/check/esim-bootstrap`),
    );
    expect((await completed(server.url, admin, reply)).data).toEqual({
      device_id: online,
      esim: true,
      bootstrapped: false,
    });
    expect((await admin.get(`/api/devices/${offline}/check/esim-bootstrap`)).status).toBe(422);
    expect((await globex.get(`/api/devices/${online}/check/esim-bootstrap`)).status).toBe(404);
    const silent = await completed(
      server.url,
      admin,
      await admin.get(`/api/devices/${unanswering}/check/esim-bootstrap`),
    );
    expect(silent).toMatchObject({
      done: 0,
      failed: 1,
      data: { status: 'error', value: 'The device did not accept the request.' },
    });
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
