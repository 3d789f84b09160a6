import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../engine/i18n/i18n';
import { shellKeys } from './keys';

const here = dirname(fileURLToPath(import.meta.url));
const keys = shellKeys(join(here, '..'));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('finds the interface strings', () => {
    expect(keys).toContain('No results found');
    expect(keys).toContain('Logout & cancel impersonation');
    expect(keys.length).toBeGreaterThan(150);
  });

  for (const language of LANGUAGES) {
    it(`${language} translates every interface string, keeping placeholders`, () => {
      const catalogue = JSON.parse(readFileSync(join(here, `${language}.json`), 'utf8')) as Record<string, string>;
      const missing = keys.filter((key) => !catalogue[key]?.trim());
      expect(missing).toEqual([]);
      for (const key of keys) expect(placeholders(catalogue[key]), key).toEqual(placeholders(key));
      if (language === 'en') for (const key of keys) expect(catalogue[key]).toBe(key);
    });
  }
});
