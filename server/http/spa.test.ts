import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/harness';

// The SPA fallback answers index.html to navigations only; missing files 404.
describe('SPA fallback', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'export {};');
    server = await startServer({ distDir: dist, devices: 5 });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  // node:http rather than fetch: fetch sets Sec-Fetch-Mode itself.
  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      http
        .get(server.url + url, { headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }));
        })
        .on('error', reject);
    });
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('serves existing files', async () => {
    const response = await get('/assets/app-1.js');
    expect(response.status).toBe(200);
    expect(response.body).toBe('export {};');
  });
  it('answers a navigation to a console route with index.html', async () => {
    for (const headers of [html, { 'sec-fetch-mode': 'navigate', accept: '*/*' }]) {
      const response = await get('/management/devices?page=2', headers);
      expect(response.status).toBe(200);
      expect(response.type).toMatch(/text\/html/);
      expect(response.body).toContain('<title>console</title>');
    }
  });
  it('answers a missing asset with 404, never index.html, whatever the request asks for', async () => {
    const variants: Record<string, string>[] = [{}, { accept: '*/*' }, html, { 'sec-fetch-mode': 'navigate' }];
    for (const headers of variants) {
      const response = await get('/assets/nonexistent.js', headers);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain('<title>console</title>');
    }
  });
  it('answers a missing file requested by a script (not a navigation) with 404', async () => {
    for (const url of ['/favicon-old.ico', '/chunk-1.js', '/management/devices']) {
      const response = await get(url, { accept: '*/*', 'sec-fetch-mode': 'no-cors' });
      expect(response.status).toBe(404);
    }
  });
  it('keeps unknown API routes in the envelope', async () => {
    const response = await get('/api/nope', html);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body).success).toBe(false);
  });
});
