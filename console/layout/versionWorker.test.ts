// The version worker script (public/versionWorker.js, shell spec §4 and §7) run
// as a worker runs it, against a real HTTP server serving index.html.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_WORKER_URL } from './updateCheck';

let served = { script: '/assets/index-a1.js', modified: new Date(Date.UTC(2026, 10, 1, 12)) };
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/index.html') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html', 'last-modified': served.modified.toUTCString() });
    response.end(`<!doctype html><script type="module" crossorigin src="${served.script}"></script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A worker global scope: `self` receives messages and posts reports; fetch resolves against the page's origin. */
function runWorker() {
  const reports: unknown[] = [];
  const self = Object.assign(new EventTarget(), { postMessage: (data: unknown) => void reports.push(data) });
  /** The next report the worker posted. */
  const next = () =>
    new Promise<unknown>((resolve) => {
      const poll = () => (reports.length ? resolve(reports.shift()) : setTimeout(poll, 5));
      poll();
    });
  const timers: ReturnType<typeof setInterval>[] = [];
  runInNewContext(readFileSync(`public${VERSION_WORKER_URL}`, 'utf8'), {
    self,
    fetch: (url: string, init: RequestInit) => fetch(new URL(url, origin), init),
    setInterval: (fn: () => void, ms: number) => timers.push(setInterval(fn, ms)),
    Date,
    Number,
  });
  const stop = () => timers.forEach(clearInterval);
  return { self, next, stop };
}

describe('the version worker at /versionWorker.js', () => {
  it('reports the served version and its timestamp at start and on a check message', async () => {
    expect(VERSION_WORKER_URL).toBe('/versionWorker.js');
    const worker = runWorker();
    try {
      expect(await worker.next()).toEqual({ version: '/assets/index-a1.js', timestamp: Date.UTC(2026, 10, 1, 12) });
      served = { script: '/assets/index-b2.js', modified: new Date(Date.UTC(2026, 10, 2, 9)) };
      worker.self.dispatchEvent(new MessageEvent('message', { data: 'check' }));
      expect(await worker.next()).toEqual({ version: '/assets/index-b2.js', timestamp: Date.UTC(2026, 10, 2, 9) });
    } finally {
      worker.stop();
    }
  });
});
