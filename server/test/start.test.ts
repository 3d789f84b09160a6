import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, PASSWORD } from './harness';
import { spawnServer, startServerProcess } from './process';

// The production start as a child process: a bad configuration stops it with
// one line; SIGTERM lets requests and jobs in flight finish; a hung close or
// a second signal still exits.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

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
    const started = spawnServer({ PORT: 'abc', DB_FILE: path.join(dir, 'never.db') });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toBe('Configuration error: PORT must be an integer from 0 to 65535 (got "abc").');
    expect(fs.existsSync(path.join(dir, 'never.db'))).toBe(false);
  });
});

describe('graceful shutdown', { timeout: 60_000 }, () => {
  const dbFile = path.join(dir, 'shutdown.db');

  it('finishes the request in flight and the bulk job already accepted, then exits 0', async () => {
    const server = await startServerProcess({ DB_FILE: dbFile, BULK_CHUNK_SIZE: '20', BULK_PAUSE_MS: '50' });
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
    const db = new SQLite(dbFile, { readonly: true });
    const left = db.prepare(`select count(*) as n from devices where id <= 100`).get() as { n: number };
    db.close();
    expect(left.n).toBe(0);
  });

  it('exits 1 when the close hangs past SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startServerProcess({ DB_FILE: dbFile, SHUTDOWN_TIMEOUT_MS: '500' });
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
    const server = await startServerProcess({ DB_FILE: dbFile, SHUTDOWN_TIMEOUT_MS: '60000' });
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
