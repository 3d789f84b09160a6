import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, PASSWORD } from './harness';
import { spawnScript, type ScriptProcess } from './process';
import { inDatabase, projectDatabase, type ProjectDatabase } from './project-database';

// FLEET_SIMULATE=N with the start path (`npm run serve`: scripts/start-with-fleet.ts):
// the server and the fleet simulator beside it as two processes; the devices
// of the database come online through the device gateway (the simulator
// signs in with the secrets it issued them), N discovered devices appear for
// adoption, and one signal stops both.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-fleet-'));
let database: ProjectDatabase;
let started: ScriptProcess;
let url: string;
/** The last answer a probe saw, for the failure message. */
let last = '';

async function until<T>(probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out (${last}):\n${started.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  database = await projectDatabase(dir, 'fleet.db', { seeded: true });
  started = spawnScript('scripts/start-with-fleet.ts', [], {
    ...database.env,
    PORT: '0',
    MQTT_PORT: '0',
    MQTT_POLL_SECONDS: '2',
    MQTT_DISCOVERY_SECONDS: '5',
    FLEET_SIMULATE: '3',
    FLEET_DROPOUTS_PER_HOUR: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  });
  const listening = await until(
    async () => /Console and API on (http:\/\/\S+)/.exec(started.output()) ?? undefined,
    90_000,
  );
  url = listening[1].replace('localhost', '127.0.0.1');
}, 120_000);

afterAll(async () => {
  if (started?.child.exitCode === null) started.child.kill('SIGKILL');
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('FLEET_SIMULATE beside the server', { timeout: 150_000 }, () => {
  it('brings an offline seeded device online, lists the discovered ones, and stops with the server', async () => {
    const offline = await inDatabase(database.target, (db) =>
      db
        .selectFrom('devices')
        .select(['id', 'serial'])
        .where('status', '=', 0)
        .where('monitoring_enabled', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    );
    const client = new Client(url);
    await client.login('super@example.com', PASSWORD);
    const device = await until(async () => {
      const reply = await client.get(`/api/devices/${offline.id}`);
      const data = reply.body.data as { status: number; router_uptime: number; last_connection_at: string | null };
      return data.status === 1 ? data : undefined;
    }, 90_000);
    expect(device.last_connection_at).not.toBeNull();
    // The simulator says how many it runs once they are all connected: its first device may report before that.
    const summary = /Fleet simulator: \d+ devices on mqtt:\/\/127\.0\.0\.1:\d+ \(\d+ from the database, 3 discovered\)/;
    await until(async () => summary.exec(started.output()) ?? undefined, 30_000);

    const discovered = await until(async () => {
      const reply = await client.get('/api/devices/discovered');
      last = JSON.stringify(reply.body).slice(0, 500);
      const serials = (reply.body.data as { serial: string }[] | undefined)?.map((d) => d.serial) ?? [];
      return serials.filter((serial) => serial.startsWith('19')).length === 3 ? serials : undefined;
    }, 30_000);
    expect(discovered).toHaveLength(3);

    started.child.kill('SIGTERM');
    expect(await started.exited, started.output().slice(-3000)).toBe(0);
    expect(started.output()).not.toMatch(/Fleet simulator stopped/);
  });

  it('refuses a FLEET_SIMULATE that is neither 1 nor a number, with one line', async () => {
    const bad = spawnScript('scripts/start-with-fleet.ts', [], { ...database.env, PORT: '0', FLEET_SIMULATE: 'lots' });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toBe(
      'Configuration error: FLEET_SIMULATE must be 1 (the database\'s devices) or a number of discovered devices to add, not "lots".',
    );
  });
});
