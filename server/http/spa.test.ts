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
  it('answers GET / from a client that does not ask for HTML with where the console and the API are', async () => {
    // curl sends Accept: */*; a probe may send none.
    for (const headers of [{}, { accept: '*/*' }] as Record<string, string>[]) {
      const response = await get('/', headers);
      expect(response.status).toBe(200);
      expect(response.type).toMatch(/text\/plain/);
      expect(response.body).toContain('/api/health');
      expect(response.body).toContain('Console: open / in a browser.');
    }
    const json = await get('/', { accept: 'application/json' });
    expect(json.status).toBe(200);
    expect(JSON.parse(json.body)).toEqual({
      success: true,
      data: { console: '/', health: '/api/health', openapi: '/api/openapi.json', docs: '/api/docs' },
    });
  });
  it('answers GET / from a browser with the console', async () => {
    const response = await get('/', html);
    expect(response.status).toBe(200);
    expect(response.body).toContain('<title>console</title>');
  });
});

describe('GET / without a console build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ distDir: path.join(os.tmpdir(), 'rms-no-dist-here'), devices: 5 });
  });
  afterAll(() => server.close());
  it('still points at the API, for a browser too', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const response = await fetch(server.url + '/', { headers: { accept } });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('/api/health');
      expect(text).toContain('no build in DIST_DIR');
    }
  });
});
