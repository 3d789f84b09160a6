import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderTypesFile } from './types-file';

describe('engine/schema/types.ts', () => {
  it('is generated from the meta-schemas and up to date (run scripts/schemas-check/generate-types.ts)', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const current = readFileSync(fileURLToPath(new URL('../../engine/schema/types.ts', import.meta.url)), 'utf8');
    expect(current).toBe(await renderTypesFile(root));
  });
});
