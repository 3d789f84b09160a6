import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forbiddenPackages } from './check-budget';

// The Chromium measurement itself runs in `npm run test:budget`; this checks
// how a loaded script is matched against the libraries the first paint does
// not need (the form engine, DOMPurify, the socket client) through its source
// map, which the build keeps beside dist/ (dist-sourcemaps/).

describe('check-budget', () => {
  let root: string;
  let dist: string;
  const sourceMap = (file: string, sources: string[]) =>
    writeFileSync(join(root, 'dist-sourcemaps', 'assets', `${file}.map`), JSON.stringify({ version: 3, sources }));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'budget-'));
    dist = join(root, 'dist');
    mkdirSync(join(root, 'dist-sourcemaps', 'assets'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('flags a script whose source map names @rjsf or ajv, and no other', () => {
    sourceMap('vendor.js', [
      '../../node_modules/@rjsf/core/lib/index.js',
      '../../node_modules/@rjsf/utils/lib/isObject.js',
      '../../node_modules/ajv/dist/ajv.js',
      '../../node_modules/ajv-formats/dist/formats.js',
      '../../engine/x.ts',
    ]);
    sourceMap('index.js', ['../../console/main.tsx']);
    expect(forbiddenPackages(dist, 'assets/vendor.js')).toEqual(['@rjsf/core', '@rjsf/utils', 'ajv', 'ajv-formats']);
    expect(forbiddenPackages(dist, 'assets/index.js')).toEqual([]);
    expect(forbiddenPackages(dist, 'assets/unmapped.js')).toEqual([]);
  });

  it('flags a script whose source map names DOMPurify', () => {
    sourceMap('sanitize.js', ['../../node_modules/dompurify/dist/purify.es.mjs', '../../engine/domain/sanitize.ts']);
    expect(forbiddenPackages(dist, 'assets/sanitize.js')).toEqual(['dompurify']);
  });

  it('flags a script whose source map names the socket client or a package it brings', () => {
    sourceMap('esm.js', [
      '../../node_modules/engine.io-parser/build/esm/index.js',
      '../../node_modules/@socket.io/component-emitter/lib/esm/index.js',
      '../../node_modules/engine.io-client/build/esm/socket.js',
      '../../node_modules/socket.io-client/build/esm/index.js',
      '../../node_modules/socket.io-parser/build/esm/index.js',
    ]);
    sourceMap('client.js', ['../../node_modules/socket.io-client/build/esm/index.js']);
    sourceMap('parser.js', ['../../node_modules/socket.io-parser/build/esm/index.js']);
    expect(forbiddenPackages(dist, 'assets/esm.js')).toEqual([
      'engine.io-parser',
      'engine.io-client',
      'socket.io-client',
      'socket.io-parser',
    ]);
    expect(forbiddenPackages(dist, 'assets/client.js')).toEqual(['socket.io-client']);
    expect(forbiddenPackages(dist, 'assets/parser.js')).toEqual(['socket.io-parser']);
  });

  it('names the package a nested or pnpm-installed source belongs to', () => {
    sourceMap('nested.js', [
      '../../node_modules/engine.io-client/node_modules/engine.io-parser/build/esm/index.js',
      '../../node_modules/.pnpm/dompurify@3.4.18/node_modules/dompurify/dist/purify.es.mjs',
    ]);
    expect(forbiddenPackages(dist, 'assets/nested.js')).toEqual(['engine.io-parser', 'dompurify']);
  });

  it('leaves the first load, look-alike packages and the lazy loaders of the project alone', () => {
    sourceMap('index.js', [
      '../../node_modules/react-dom/cjs/react-dom.production.js',
      '../../node_modules/axios/lib/core/Axios.js',
      '../../node_modules/isomorphic-dompurify/browser.js',
      '../../node_modules/ajv-keywords/dist/index.js',
      '../../engine/realtime/socket.ts',
      '../../engine/domain/tooltip.ts',
      '../../console/header/Announcements.tsx',
    ]);
    expect(forbiddenPackages(dist, 'assets/index.js')).toEqual([]);
  });
});
