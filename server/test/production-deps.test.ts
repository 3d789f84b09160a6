import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { Client } from './harness';
import { startServerProcess } from './process';
import { projectDatabase } from './project-database';
import { TEST_REDIS_URL, removeRedisKeys } from './redis';

// `npm run serve` runs with `npm ci --omit=dev`: every package the server
// loads at run time, from server/main.ts through every relative import
// (type-only imports are erased), is a dependency, tsx included; and the
// server starts and answers with only those packages installed.

const ROOT = path.resolve(import.meta.dirname, '../..');
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${spec}`);
}

function runtimePackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (spec.startsWith('.')) queue.push(resolveLocal(file, spec));
      else if (!spec.startsWith('node:') && !builtinModules.includes(spec)) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
      }
    }
  }
  return packages;
}

describe('production start', () => {
  it('needs no devDependency at run time', () => {
    const used = runtimePackages(path.join(ROOT, 'server/main.ts'));
    expect(used).toContain('fastify');
    expect(used).toContain('ioredis');
    const missing = [...used].filter((name) => !(name in pkg.dependencies));
    expect(missing).toEqual([]);
  });

  it('starts through tsx, which is a dependency', () => {
    expect(pkg.scripts.serve).toMatch(/\btsx server\/main\.ts\b/);
    expect(pkg.dependencies).toHaveProperty('tsx');
    expect(pkg.devDependencies).not.toHaveProperty('tsx');
  });
});

/** What the server reads (its code, the seed and the documents) in a folder outside the project, without tests. */
function copyServer(dir: string) {
  for (const part of [
    'server',
    'engine',
    'fixtures',
    'schemas',
    'package.json',
    'tsconfig.json',
    'tsconfig.base.json',
  ]) {
    fs.cpSync(path.join(ROOT, part), path.join(dir, part), {
      recursive: true,
      filter: (f) => !/\.test\.tsx?$/.test(f),
    });
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
  it('serves the API, with Redis, from a folder holding only the production packages', async () => {
    // Outside the project: Node would otherwise find every other package in the project's node_modules above it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-production-'));
    const prefix = `h10s:production:${randomBytes(4).toString('hex')}:`;
    const database = await projectDatabase(dir, 'console.db');
    try {
      copyServer(dir);
      expect(linkProductionPackages(dir)).toBeGreaterThan(100);
      expect(fs.existsSync(path.join(dir, 'node_modules/vitest'))).toBe(false);
      const server = await startServerProcess(
        {
          ...database.env,
          REDIS_URL: TEST_REDIS_URL,
          REDIS_PREFIX: prefix,
          NODE_ENV: 'production',
        },
        { cwd: dir },
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
