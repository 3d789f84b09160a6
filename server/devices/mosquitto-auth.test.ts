import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, createServer, type AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { rows, useServer } from '../test/harness';
import { hashSecret, issueDeviceCredentials, mosquittoPasswordFile } from './credentials';

// The external broker set-up docs/devices-protocol.md gives: a Mosquitto
// with the password file exported from the database and the ACL from the
// doc admits a device with its secret only, and delivers a device's publish
// only under its own serial.

const DOC = fs.readFileSync(path.resolve('docs/devices-protocol.md'), 'utf8');
/** The ACL block of the doc, as an operator would copy it. */
const ACL = /```\n(# the gateway\n[\s\S]*?)```/.exec(DOC)![1];

const { server, admin } = useServer({ admin: 'admin@example.com' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-mosquitto-'));
let port = 0;
let broker: ReturnType<typeof spawn>;
const secrets: Record<string, string> = {};
let devices: { serial: string }[];

beforeAll(async () => {
  devices = rows(await admin.get('/api/devices?company_id=1&limit=2&fields=serial')) as never;
  for (const c of await issueDeviceCredentials(
    server.app.ctx.db,
    devices.map((d) => d.serial),
  ))
    secrets[c.serial] = c.secret;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const passwd = (await mosquittoPasswordFile(server.app.ctx.db)) + `fleet-gateway:${hashSecret('gateway-secret')}\n`;
  fs.writeFileSync(path.join(dir, 'fleet.passwd'), passwd);
  fs.writeFileSync(path.join(dir, 'fleet.acl'), ACL);
  fs.writeFileSync(
    path.join(dir, 'mosquitto.conf'),
    `listener ${port} 127.0.0.1\nallow_anonymous false\npassword_file ${dir}/fleet.passwd\nacl_file ${dir}/fleet.acl\n`,
  );
  // Mosquitto started as root drops to its own user, which must read the files (test secrets only).
  fs.chmodSync(dir, 0o755);
  for (const file of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, file), 0o644);
  broker = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  await vi.waitFor(
    () =>
      new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => resolve(void socket.end()));
        socket.on('error', reject);
      }),
    { timeout: 5000 },
  );
});

afterAll(() => {
  broker?.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
});

const login = (username: string, password: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username, password, reconnectPeriod: 0, protocolVersion: 5 });

it('admits a device with its secret only, and the gateway with its own', async () => {
  const [a] = devices;
  await expect(login(a.serial, 'not-the-secret')).rejects.toThrow();
  await (await login(a.serial, secrets[a.serial])).endAsync();
  await (await login('fleet-gateway', 'gateway-secret')).endAsync();
});

it("delivers a device's values under its own serial only", async () => {
  const [a, b] = devices;
  const gateway = await login('fleet-gateway', 'gateway-secret');
  const seen: string[] = [];
  gateway.on('message', (topic) => seen.push(topic));
  await gateway.subscribeAsync('$share/fleet-gateway/router/+/+');
  const device = await login(a.serial, secrets[a.serial]);
  await device.publishAsync(`router/${b.serial}/signal`, '-1', { qos: 1 }).catch(() => undefined);
  await device.publishAsync(`router/${a.serial}/signal`, '-60', { qos: 1 });
  await vi.waitFor(() => expect(seen).toContain(`router/${a.serial}/signal`));
  expect(seen).not.toContain(`router/${b.serial}/signal`);
  await device.endAsync();
  await gateway.endAsync();
});
