// `npm run build`'s last step: the server compiled to JavaScript for
// production, so `npm run serve` and the database commands run with plain
// `node` and no TypeScript loader is installed beside them (`npm ci
// --omit=dev`). esbuild bundles our own code (server/, and the engine/,
// schemas/ and fixtures/ it imports) into `dist-server/`; every npm package
// stays an import, loaded from node_modules at run time. Files the server
// reads beside its code are copied next to the bundle.
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

export const SERVER_OUT_DIR = 'dist-server';

/** The compiled entry points: the server, and the `db:migrate` / `db:seed` commands. */
export const SERVER_ENTRIES = { main: 'server/main.ts', 'db-cli': 'server/db/cli.ts' };

/** Read at run time from the folder of the code that reads them (`import.meta.dirname`). */
const BESIDE_CODE = ['server/openapi/rms-api-openapi.json'];

/**
 * Packages stay imports, spelled so that Node's own ESM resolver finds them: a deep import of a package without an
 * `exports` map (`ajv-formats/dist/formats`), which tsx resolved like `require`, gets the `.js` Node needs.
 */
function nodeResolvable(root: string): Plugin {
  return {
    name: 'node-resolvable-packages',
    setup(build) {
      build.onResolve({ filter: /^[@a-z]/ }, ({ path: spec }) => {
        const parts = spec.split('/');
        const name = parts.slice(0, spec.startsWith('@') ? 2 : 1).join('/');
        const subpath = spec.slice(name.length + 1);
        const dir = path.join(root, 'node_modules', name);
        if (spec.startsWith('node:') || !subpath || !existsSync(path.join(dir, 'package.json'))) {
          return { path: spec, external: true };
        }
        const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports?: unknown };
        const needsExtension =
          !manifest.exports && !path.extname(subpath) && existsSync(path.join(dir, `${subpath}.js`));
        return { path: needsExtension ? `${spec}.js` : spec, external: true };
      });
    },
  };
}

/** Compiles the server into `outDir`; answers the npm packages the compiled code imports (its run-time packages). */
export async function buildServer(root: string, outDir = path.join(root, SERVER_OUT_DIR)): Promise<Set<string>> {
  rmSync(outDir, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    splitting: true,
    plugins: [nodeResolvable(root)],
    platform: 'node',
    target: 'node20.19',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
  });
  for (const file of BESIDE_CODE) copyFileSync(path.join(root, file), path.join(outDir, path.basename(file)));
  const packages = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path: spec, external } of output.imports) {
      if (!external || spec.startsWith('node:') || builtinModules.includes(spec)) continue;
      packages.add(
        spec
          .split('/')
          .slice(0, spec.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    }
  }
  return packages;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer(process.cwd());
  console.log(`Server compiled into ${SERVER_OUT_DIR}/`);
}
