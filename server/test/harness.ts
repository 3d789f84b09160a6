import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp, type AppOptions } from '../app';
import accounts from '../../fixtures/accounts.json';

// Test harness: the real server listening on an ephemeral loopback port over
// a fresh temporary database file, and a cookie-keeping HTTP client that
// does what the console does (XSRF header from the cookie on unsafe methods).

export const PASSWORD = accounts.password;

export interface TestServer {
  app: FastifyInstance;
  url: string;
  dbFile: string;
  close(): Promise<void>;
}

export async function startServer(options: Partial<AppOptions> = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-server-'));
  const dbFile = path.join(dir, 'test.db');
  const app = await buildApp({ dbFile, devices: 120, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    dbFile,
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export class Client {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async raw(
    method: string,
    url: string,
    init: { body?: BodyInit; headers?: Record<string, string>; xsrf?: boolean } = {},
  ) {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...init.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (init.xsrf !== false && xsrf && !['GET', 'HEAD'].includes(method))
      headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const response = await fetch(this.base + url, { method, headers, body: init.body });
    this.keep(response.headers);
    return response;
  }

  async request<T = Record<string, unknown>>(
    method: string,
    url: string,
    data?: unknown,
    init: { xsrf?: boolean } = {},
  ): Promise<Reply<T>> {
    const response = await this.raw(method, url, {
      ...init,
      body: data === undefined ? undefined : JSON.stringify(data),
      headers: data === undefined ? {} : { 'content-type': 'application/json' },
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = Record<string, unknown>>(url: string, data?: unknown) {
    return this.request<T>('POST', url, data);
  }
  put<T = Record<string, unknown>>(url: string, data?: unknown) {
    return this.request<T>('PUT', url, data);
  }
  delete<T = Record<string, unknown>>(url: string, data?: unknown) {
    return this.request<T>('DELETE', url, data);
  }

  /** GET /api/health for the XSRF cookie, then sign in. */
  async login(email: string, password = PASSWORD): Promise<Reply> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/health');
    return this.post('/api/account/login', { email, password });
  }
}

export async function signedIn(server: TestServer, email: string): Promise<Client> {
  const client = new Client(server.url);
  const reply = await client.login(email);
  if (reply.status !== 200) throw new Error(`login ${email}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return client;
}

/** The data array of a list envelope. */
export const rows = (reply: Reply) => reply.body.data as Record<string, unknown>[];
