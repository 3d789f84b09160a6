import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Production build output, the step after `vite build` in `npm run build`
// (tsx scripts/build-output.ts [distDir]): source maps leave dist/ for a
// folder of their own that the server never serves (`dist-sourcemaps/`, the
// same relative paths; the budget check reads them), and every text file of
// at least 1 KB gets a brotli (.br) and a gzip (.gz) twin at the highest
// levels and the same modification time, which the server sends to browsers
// that accept them.

export const SOURCEMAP_DIR = 'dist-sourcemaps';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/i;
const MIN_BYTES = 1024;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Moves *.map out of outDir into mapDir and writes .br/.gz twins of the text files; answers what it wrote. */
export function finishBuildOutput(outDir: string, mapDir: string): { maps: number; compressed: number } {
  fs.rmSync(mapDir, { recursive: true, force: true });
  let maps = 0;
  let compressed = 0;
  for (const file of walk(outDir)) {
    const relative = path.relative(outDir, file);
    if (file.endsWith('.map')) {
      fs.mkdirSync(path.dirname(path.join(mapDir, relative)), { recursive: true });
      fs.renameSync(file, path.join(mapDir, relative));
      maps += 1;
      continue;
    }
    if (!COMPRESSIBLE.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    // The twins carry the file's own time: Last-Modified (the build timestamp the
    // update prompt reads from index.html) is the same whichever encoding is sent.
    const { atime, mtime } = fs.statSync(file);
    for (const twin of [`${file}.gz`, `${file}.br`]) fs.utimesSync(twin, atime, mtime);
    compressed += 1;
  }
  return { maps, compressed };
}

function main() {
  const outDir = path.resolve(process.argv[2] ?? 'dist');
  const { maps, compressed } = finishBuildOutput(outDir, path.resolve(path.dirname(outDir), SOURCEMAP_DIR));
  console.log(
    `build-output: ${maps} source maps moved to ${SOURCEMAP_DIR}/, ${compressed} files precompressed (br, gz).`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
