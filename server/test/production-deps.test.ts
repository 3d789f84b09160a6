import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { Client } from './harness';
import { startServerProcess } from './process';
import { projectDatabase } from './project-database';
import { TEST_REDIS_URL, removeRedisKeys } from './redis';
import { buildServer, SERVER_OUT_DIR } from '../../scripts/build-server';

// `npm run serve` runs compiled JavaScript with plain Node after `npm ci
// --omit=dev`: `npm run build` compiles the server (scripts/build-server.ts);
// every package the compiled code imports is a dependency (tsx, the
// TypeScript loader, is not one); and the compiled server starts and answers
// with only those packages installed, started as the serve script starts it.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The serve script's Node arguments and environment (`NODE_ENV=production node … dist-server/main.js`). */
function serveCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const words = pkg.scripts.serve.split(/\s+/);
  const env = Object.fromEntries(
    words.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.split('=') as [string, string]),
  );
  const [command, ...nodeArgs] = words.filter((word) => !/^[A-Z_]+=/.test(word));
  expect(command).toBe('node');
  return { env, nodeArgs };
}

describe('production start', () => {
  it('runs the compiled server with plain node; tsx and the benchmark-only validator are devDependencies', () => {
    expect(serveCommand()).toEqual({
      env: { NODE_ENV: 'production' },
      nodeArgs: ['--enable-source-maps', `${SERVER_OUT_DIR}/main.js`],
    });
    expect(pkg.scripts.build).toMatch(/&& tsx scripts\/build-server\.ts$/);
    for (const name of ['tsx', '@rjsf/validator-ajv8']) {
      expect(pkg.devDependencies).toHaveProperty(name);
      expect(pkg.dependencies).not.toHaveProperty(name);
    }
  });
});

/** What the compiled server reads at run time besides its code and packages: the documents, in the folder it starts in. */
function copyRunTimeFiles(dir: string) {
  for (const part of ['schemas', 'package.json']) {
    fs.cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
}

/**
 * node_modules as `npm ci --omit=dev` lays it out: the top-level packages of package-lock.json not marked dev,
 * linked to the installed ones (a package's own dependencies are found beside it, as installed).
 */
function linkProductionPackages(dir: string): number {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  const packages = Object.entries(lock.packages).filter(
    ([key, entry]) => key.startsWith('node_modules/') && !key.includes('/node_modules/') && !entry.dev,
  );
  for (const [key] of packages) {
    fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    fs.symlinkSync(path.join(ROOT, key), path.join(dir, key));
  }
  return packages.length;
}

describe('production start without devDependencies', () => {
  it('serves the API, with Redis, compiled, from a folder holding only the production packages', async () => {
    // Outside the project: Node would otherwise find every other package in the project's node_modules above it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-production-'));
    const prefix = `h10s:production:${randomBytes(4).toString('hex')}:`;
    const database = await projectDatabase(dir, 'console.db');
    try {
      const imported = await buildServer(ROOT, path.join(dir, SERVER_OUT_DIR));
      expect(imported).toContain('fastify');
      expect(imported).toContain('ioredis');
      expect([...imported].filter((name) => !(name in pkg.dependencies))).toEqual([]);
      copyRunTimeFiles(dir);
      expect(linkProductionPackages(dir)).toBeGreaterThan(100);
      for (const dev of ['vitest', 'tsx']) expect(fs.existsSync(path.join(dir, 'node_modules', dev))).toBe(false);
      const serve = serveCommand();
      const server = await startServerProcess(
        { ...database.env, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, ...serve.env },
        { cwd: dir, nodeArgs: serve.nodeArgs },
      );
      try {
        const client = new Client(server.url);
        expect((await client.get('/api/ready')).body).toMatchObject({
          data: { checks: { database: true, redis: true } },
        });
        expect((await client.login('admin@example.com')).status).toBe(200);
        const devices = await client.get<{ data: unknown[] }>('/api/devices?limit=5');
        expect(devices.status).toBe(200);
        expect(devices.body.data).toHaveLength(5);
      } finally {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    } finally {
      await database.drop();
      await removeRedisKeys(prefix);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
