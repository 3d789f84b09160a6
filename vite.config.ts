import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { existsSync, utimesSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import type { Plugin } from 'vite';
import { mapCities } from './scripts/map-cities';

const apiPort = Number(process.env.PORT ?? 8080);

/**
 * The build timestamp the update prompt compares with (shell spec §4), fixed
 * at build time in whole seconds (Last-Modified has no finer grain). The built
 * index.html gets it as its modification time, so the version worker reports
 * exactly this value for the running build and a later one for a newer build.
 */
const buildTimestamp = Math.floor(Date.now() / 1000) * 1000;

const stampIndex = (): Plugin => ({
  name: 'build-timestamp',
  apply: 'build',
  closeBundle() {
    const index = 'dist/index.html';
    if (existsSync(index)) utimesSync(index, buildTimestamp / 1000, buildTimestamp / 1000);
  },
});

/**
 * React Router publishes its production build (without the development
 * warnings) under dist/production but its package exports only the
 * development one; the production bundle takes the production one.
 */
const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterProduction = (): Plugin => ({
  name: 'react-router-production',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
        { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
      ],
    },
  }),
});

/**
 * axios bundles its fetch adapter beside the XMLHttpRequest one, and the
 * client prefers XMLHttpRequest (engine/http/client: ['xhr', 'fetch']), which
 * every browser has: the browser bundle leaves the fetch adapter out (about
 * 4 KB gzip of the first load, issue 10). Node (the tests) keeps both.
 */
const axiosFetchAdapter = /\/node_modules\/axios\/lib\/adapters\/fetch\.js$/;
const axiosWithoutFetch = (): Plugin => ({
  name: 'axios-without-fetch',
  apply: 'build',
  load: (id) => (axiosFetchAdapter.test(id) ? 'export const getFetch = () => undefined;' : undefined),
});

/**
 * `virtual:map-cities`: the basemap's city names (scripts/map-cities.ts), as a module of their own that the
 * map loads lazily.
 */
const MAP_CITIES = 'virtual:map-cities';
const mapCitiesModule = (): Plugin => ({
  name: 'map-cities',
  resolveId: (id) => (id === MAP_CITIES ? `\0${MAP_CITIES}` : undefined),
  load: (id) => (id === `\0${MAP_CITIES}` ? `export default ${JSON.stringify(mapCities())};` : undefined),
});

// The console is a single-page app built to dist/; the reference server
// (server/main.ts) serves dist/ and /api on one origin. `npm run dev:console`
// runs Vite with hot reload and proxies /api and the socket to that server.
// Source maps are written without a sourceMappingURL comment; the build's
// next step (scripts/build-output.ts) moves them to dist-sourcemaps/ (never
// served) and writes .br and .gz twins of the text files.
/** Tests of several server instances over one database and one Redis (leader lock, shared sessions, sockets). */
const MULTI_INSTANCE_TESTS = [
  'server/test/cluster.test.ts',
  'server/test/cluster-tokens.test.ts',
  'server/test/cluster-webui.test.ts',
  'server/devices/cluster.test.ts',
  'server/devices/leader-kill.test.ts',
  'server/devices/job-takeover.test.ts',
];

export default defineConfig({
  plugins: [react(), stampIndex(), reactRouterProduction(), axiosWithoutFetch(), mapCitiesModule()],
  define: { 'import.meta.env.VITE_BUILD_TIMESTAMP': JSON.stringify(String(buildTimestamp)) },
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The first load of a list route (the device list) in two scripts besides the entry's own:
        // what the entry imports statically in one chunk, the list page with everything it imports in
        // another, instead of a score of small shared chunks each compressed on its own (issue 10).
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            {
              name: 'list-page',
              test: /\/console\/pages\/(RoutePage|ListPage)\.tsx$/,
              includeDependenciesRecursively: true,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/socket.io': { target: `ws://localhost:${apiPort}`, ws: true },
    },
  },
  test: {
    environment: 'node',
    setupFiles: ['engine/schema/test-setup.ts'],
    testTimeout: 20000,
    // Servers start in beforeAll hooks (migrate, seed); on 2 busy cores that can pass Vitest's 10 s default.
    hookTimeout: 60000,
    pool: 'forks',
    // One worker per core (Vitest's default leaves one core to its main process, which idles
    // while the files run: on 2 cores that is a single worker).
    maxWorkers: availableParallelism(),
    // The client and tooling tests once, each file isolated (module mocks, stubbed globals, jsdom);
    // the server tests on SQLite and a second time on PostgreSQL (scripts/ensure-services.sh starts it).
    // Each server test file starts from a copy of one seeded template database of the run (the global
    // set-ups) and shares its worker's loaded modules with the worker's other server files: the server
    // keeps its state in the app instance and its database, and each file builds its own.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['{engine,renderer,console,scripts,fixtures,sim}/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['server/**/*.test.ts'],
          // Several server instances share a PostgreSQL database (an SQLite file belongs to one server process,
          // docs/deployment-and-scaling.md): the multi-instance tests run on PostgreSQL only.
          exclude: [...configDefaults.exclude, ...MULTI_INSTANCE_TESTS],
          isolate: false,
          globalSetup: ['server/test/sqlite-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['server/**/*.test.ts'],
          isolate: false,
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['server/test/postgres-setup.ts'],
        },
      },
    ],
  },
});
