import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishBuildOutput } from '../../scripts/build-output';
import { createHash } from 'node:crypto';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, SWAGGER_LOGO_STYLE_HASH } from '../http/security';
import { startServer, type TestServer } from './harness';

// Production serving over real HTTP: a build folder finished by the build
// step (maps moved out, .br/.gz twins), served with caching, compression,
// security headers; source maps never.

const ENTRY = 'assets/index-Ab12Cd34.js';
const entryCode = `export const app = ${JSON.stringify('console '.repeat(400))};\n`;

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(base: string, url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get(base + url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('production serving', () => {
  let server: TestServer;
  let dist: string;
  let maps: string;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-serving-'));
    dist = path.join(dir, 'dist');
    maps = path.join(dir, 'maps');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>console</title>${'<!-- pad -->'.repeat(200)}`,
    );
    fs.writeFileSync(path.join(dist, ENTRY), entryCode);
    fs.writeFileSync(path.join(dist, `${ENTRY}.map`), '{"version":3,"sources":["../../console/main.tsx"]}');
    fs.writeFileSync(path.join(dist, 'versionWorker.js'), 'self.onmessage = () => {};');
    expect(finishBuildOutput(dist, maps)).toEqual({ maps: 1, compressed: 2 });
    server = await startServer({ distDir: dist, devices: 5 });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });

  it('moves source maps out of the served folder and never serves one', async () => {
    expect(fs.existsSync(path.join(maps, `${ENTRY}.map`))).toBe(true);
    expect(fs.existsSync(path.join(dist, `${ENTRY}.map`))).toBe(false);
    fs.writeFileSync(path.join(dist, 'assets', 'stray-Zz99Yy88.js.map'), '{"version":3}');
    for (const url of [`/${ENTRY}.map`, '/assets/stray-Zz99Yy88.js.map']) {
      expect((await get(server.url, url, { accept: '*/*' })).status).toBe(404);
      expect((await get(server.url, url, { 'sec-fetch-mode': 'navigate' })).body.toString()).not.toContain('version');
    }
  });

  it('caches hashed assets for a year as immutable and revalidates index.html and unhashed files', async () => {
    expect((await get(server.url, `/${ENTRY}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get(server.url, '/management/devices', { 'sec-fetch-mode': 'navigate' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get(server.url, '/versionWorker.js')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed brotli or gzip twin the browser accepts, and the plain file otherwise', async () => {
    const br = await get(server.url, `/${ENTRY}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(entryCode);
    expect(br.body.length).toBeLessThan(entryCode.length / 5);
    const gz = await get(server.url, `/${ENTRY}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(entryCode);
    const plain = await get(server.url, `/${ENTRY}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(entryCode);
    const page = await get(server.url, '/', { 'sec-fetch-mode': 'navigate', 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    const plainPage = await get(server.url, '/', { 'sec-fetch-mode': 'navigate' });
    expect(page.headers['last-modified']).toBe(plainPage.headers['last-modified']);
    expect(brotliDecompressSync(page.body).toString()).toContain('<title>console</title>');
  });

  it('compresses API answers over 1 KB', async () => {
    const reply = await get(server.url, '/api/health', { 'accept-encoding': 'gzip' });
    expect(reply.headers['content-encoding']).toBeUndefined(); // small
    const login = await fetch(`${server.url}/api/health`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1];
    const signIn = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': decodeURIComponent(xsrf),
      },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Demo-Password-1' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const list = await get(server.url, '/api/devices?limit=100', { cookie, 'accept-encoding': 'br' });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(list.body).toString()).success).toBe(true);
  });

  it('sends security headers with a CSP that forbids eval and framing', async () => {
    for (const url of ['/', '/api/health', '/api/no-such-route']) {
      const reply = await get(server.url, url, { 'sec-fetch-mode': 'navigate' });
      expect(reply.headers['content-security-policy-report-only']).toBeUndefined();
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['x-powered-by']).toBeUndefined();
    }
    expect(CONTENT_SECURITY_POLICY['script-src']).toEqual(["'self'"]);
    // A configured map tile server may serve images, and only images.
    const withTiles = contentSecurityPolicy('https://tiles.example.net/{z}/{x}/{y}.png');
    expect(withTiles['img-src']).toContain('https://tiles.example.net');
    expect(withTiles['connect-src']).toEqual(["'self'"]);
    expect(contentSecurityPolicy('javascript:alert(1)/{z}/{x}/{y}')).toBe(CONTENT_SECURITY_POLICY);
    expect(contentSecurityPolicy(undefined)).toBe(CONTENT_SECURITY_POLICY);
  });

  it("gives the API docs the console's policy, its one inline style allowed by hash and no 'unsafe-inline'", async () => {
    const reply = await get(server.url, '/api/docs/', { 'sec-fetch-mode': 'navigate' });
    expect(reply.status).toBe(200);
    const csp = String(reply.headers['content-security-policy']);
    const styles = /style-src ([^;]*)/.exec(csp)?.[1].trim().split(/\s+/);
    expect(styles).toEqual(["'self'", SWAGGER_LOGO_STYLE_HASH]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https:/);
    // The hash is that of the <style> swagger-ui's topbar logo draws (it changes with a swagger-ui upgrade).
    const preset = await get(server.url, '/api/docs/static/swagger-ui-standalone-preset.js');
    const inline = [...preset.body.toString().matchAll(/createElement\("style",null,"([^"]*)"\)/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    expect(`'sha256-${createHash('sha256').update(inline[0]).digest('base64')}'`).toBe(SWAGGER_LOGO_STYLE_HASH);
  });
});
