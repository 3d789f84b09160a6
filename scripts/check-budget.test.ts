import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forbiddenSources } from './check-budget';

// The Chromium measurement itself runs in `npm run test:budget`; this checks
// how a loaded script is matched against the form engine through its source
// map, which the build keeps beside dist/ (dist-sourcemaps/).

describe('check-budget', () => {
  it('flags a script whose source map names @rjsf or ajv, and no other', () => {
    const root = mkdtempSync(join(tmpdir(), 'budget-'));
    const dist = join(root, 'dist');
    mkdirSync(join(root, 'dist-sourcemaps', 'assets'), { recursive: true });
    const map = (sources: string[]) => JSON.stringify({ version: 3, sources });
    writeFileSync(
      join(root, 'dist-sourcemaps', 'assets', 'vendor.js.map'),
      map(['../../node_modules/@rjsf/core/lib/index.js', '../../node_modules/ajv/dist/ajv.js', '../../engine/x.ts']),
    );
    writeFileSync(join(root, 'dist-sourcemaps', 'assets', 'index.js.map'), map(['../../console/main.tsx']));
    expect(forbiddenSources(dist, 'assets/vendor.js')).toEqual([
      '../../node_modules/@rjsf/core/lib/index.js',
      '../../node_modules/ajv/dist/ajv.js',
    ]);
    expect(forbiddenSources(dist, 'assets/index.js')).toEqual([]);
    expect(forbiddenSources(dist, 'assets/unmapped.js')).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });
});
