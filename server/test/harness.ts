import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp, type AppOptions } from '../app';
import { TEST_PASSWORD_COST } from '../auth/password';
import accounts from '../../fixtures/accounts.json';
import { afterAll, beforeAll, inject } from 'vitest';
import { TEST_DEVICES, createDatabase, databaseUrl, dropDatabase, usesPostgres } from './postgres';
import { templateFor } from './templates';

// Test harness: the real server listening on an ephemeral loopback port over
// a fresh database (an SQLite file, or PostgreSQL with TEST_DATABASE=postgres), and a cookie-keeping HTTP client that
// does what the console does (XSRF header from the cookie on unsafe methods).

export const PASSWORD = accounts.password;

export interface TestServer {
  app: FastifyInstance;
  url: string;
  /** The SQLite file, or the PostgreSQL URL when TEST_DATABASE=postgres. */
  dbFile: string;
  close(): Promise<void>;
}

/**
 * A database of its own for one server: a temporary SQLite file, or (with
 * TEST_DATABASE=postgres) a PostgreSQL database, each a copy of the run's
 * seeded template for the fleet size, or empty when the server seeds otherwise.
 */
async function testDatabase(
  options: Partial<AppOptions>,
): Promise<{ options: Partial<AppOptions>; drop(): Promise<void> }> {
  if (!usesPostgres()) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-server-'));
    const dbFile = path.join(dir, 'test.db');
    const template = templateFor(inject('sqliteTemplates'), options);
    if (template) fs.copyFileSync(template, dbFile);
    return { options: { dbFile }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = await createDatabase(inject('postgresRun'), templateFor(inject('postgresTemplates'), options));
  return { options: { dbFile: databaseUrl(name) }, drop: () => dropDatabase(name) };
}

export async function startServer(options: Partial<AppOptions> = {}): Promise<TestServer> {
  const database = await testDatabase(options);
  const app = await buildApp({
    ...database.options,
    devices: TEST_DEVICES,
    passwordCost: TEST_PASSWORD_COST,
    ...options,
  } as AppOptions);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    dbFile: database.options.dbFile!,
    async close() {
      await app.close();
      await database.drop();
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

  /** With `bearer`, every call sends `Authorization: Bearer <bearer>` (a personal access token client). */
  constructor(
    public base: string,
    readonly bearer?: string,
  ) {}

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
    if (this.bearer !== undefined) headers.authorization = `Bearer ${this.bearer}`;
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
    init: { xsrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const response = await this.raw(method, url, {
      ...init,
      body: data === undefined ? undefined : JSON.stringify(data),
      headers: { ...(data === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
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
  put<T = Record<string, unknown>>(url: string, data?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', url, data, { headers });
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

/** Signs the client in as `email` (the fixture password), or throws. */
async function signIn(client: Client, email: string): Promise<Client> {
  const reply = await client.login(email);
  if (reply.status !== 200) throw new Error(`login ${email}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return client;
}

export async function signedIn(server: TestServer, email: string): Promise<Client> {
  return signIn(new Client(server.url), email);
}

/**
 * A test file's server and signed-in clients: beforeAll starts the server
 * (startServer with `options`) and signs in one client per account
 * (`{admin: 'admin@example.com'}` gives `admin`), afterAll closes it. The
 * returned objects are filled in place by beforeAll, so a file destructures
 * them at the top and uses them in its hooks and tests.
 */
export function useServer<K extends string>(
  accounts: Record<K, string>,
  options: Partial<AppOptions> = {},
): { server: TestServer } & Record<K, Client> {
  const server = {} as TestServer;
  const names = Object.keys(accounts) as K[];
  const clients = Object.fromEntries(names.map((name) => [name, new Client('')])) as Record<K, Client>;
  beforeAll(async () => {
    Object.assign(server, await startServer(options));
    for (const name of names) {
      clients[name].base = server.url;
      await signIn(clients[name], accounts[name]);
    }
  });
  afterAll(() => server.close?.());
  return { server, ...clients };
}

/** A personal access token of a signed-in client (API tokens page call), and a client calling with it. */
export async function tokenClient(server: TestServer, owner: Client, scopes: string[], name = 'test') {
  const reply = await owner.post('/api/account/tokens', { name, expires_in: 30, scopes });
  if (reply.status !== 201) throw new Error(`token: ${reply.status} ${JSON.stringify(reply.body)}`);
  const data = reply.body.data as { id: number; token: string };
  return { id: data.id, token: data.token, client: new Client(server.url, data.token) };
}

/** The data array of a list envelope. */
export const rows = (reply: Reply) => reply.body.data as Record<string, unknown>[];
