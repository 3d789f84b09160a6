import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, PASSWORD } from './harness';
import { databaseUrl } from './postgres';
import { spawnServer, startServerProcess } from './process';
import { inDatabase, projectDatabase, type ProjectDatabase } from './project-database';

// The production start as a child process: a bad configuration stops it with
// one line; SIGTERM lets requests and jobs in flight finish; a hung close or
// a second signal still exits. The servers run on the project's database (a
// copy of the run's seeded template: an SQLite file, or a PostgreSQL database
// dropped after), one for the file.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-start-'));
let database: ProjectDatabase;

beforeAll(async () => {
  database = await projectDatabase(dir, 'shutdown.db', { seeded: true });
});

afterAll(async () => {
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The devices with an id up to 100. */
const firstHundred = () =>
  inDatabase(database.target, async (db) => {
    const row = await db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '<=', 100)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });

/** A POST whose body arrives in two parts: the request is in flight between them. */
function slowPost(url: string) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'x'.repeat(40) });
  const request = http.request(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<number>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { finish: () => request.end(body.slice(10)), response };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('configuration checked at start', { timeout: 60_000 }, () => {
  it('a bad PORT stops the start with one line, before anything is created', async () => {
    // On PostgreSQL a database that does not exist: connecting to it would end the start otherwise.
    const never: Record<string, string> = database.postgresName
      ? { DATABASE_URL: databaseUrl(`${database.postgresName}_never`) }
      : { DB_FILE: path.join(dir, 'never.db') };
    const started = spawnServer({ PORT: 'abc', ...never });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toBe('Configuration error: PORT must be an integer from 0 to 65535 (got "abc").');
    expect(fs.existsSync(path.join(dir, 'never.db'))).toBe(false);
  });
});

describe('graceful shutdown', { timeout: 60_000 }, () => {
  it('finishes the request in flight and the bulk job already accepted, then exits 0', async () => {
    expect(await firstHundred()).toBe(100);
    const server = await startServerProcess({ ...database.env, BULK_CHUNK_SIZE: '20', BULK_PAUSE_MS: '50' });
    const client = new Client(server.url);
    expect((await client.login('super@example.com', PASSWORD)).status).toBe(200);
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    const reply = await client.delete('/api/devices', { device_id: ids });
    expect(reply.status).toBe(200);
    const slow = slowPost(server.url);
    await wait(100);
    server.child.kill('SIGTERM');
    await wait(300);
    expect(server.child.exitCode).toBeNull(); // still waiting for the request and the job
    slow.finish();
    expect(await slow.response).toBe(403); // answered (anti-forgery refusal), not cut off
    expect(await server.exited).toBe(0);
    expect(await firstHundred()).toBe(0);
  });

  it('exits 1 when the close hangs past SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startServerProcess({ ...database.env, SHUTDOWN_TIMEOUT_MS: '500' });
    const slow = slowPost(server.url);
    slow.response.catch(() => undefined);
    await wait(100);
    const at = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - at).toBeLessThan(5000);
    expect(server.output()).toContain('shutdown timed out');
  });

  it('exits at once on a second signal', async () => {
    const server = await startServerProcess({ ...database.env, SHUTDOWN_TIMEOUT_MS: '60000' });
    const slow = slowPost(server.url);
    slow.response.catch(() => undefined);
    await wait(100);
    server.child.kill('SIGTERM');
    await wait(200);
    const at = Date.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(1);
    expect(Date.now() - at).toBeLessThan(3000);
  });
});
