import { afterEach, describe, expect, it, vi } from 'vitest';
import { generatePassword, PASSWORD_CLASSES } from './password';

afterEach(() => vi.restoreAllMocks());

describe('password generator', () => {
  it('makes 16 characters with every character class', () => {
    for (let i = 0; i < 50; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(16);
      for (const set of PASSWORD_CLASSES) expect([...p].some((c) => set.includes(c))).toBe(true);
    }
  });

  it('draws from crypto.getRandomValues', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    generatePassword();
    expect(spy).toHaveBeenCalled();
  });

  it('differs between calls', () => {
    expect(new Set(Array.from({ length: 20 }, () => generatePassword())).size).toBe(20);
  });
});
