import { describe, expect, it } from 'vitest';
import { Verified } from './verified';

describe('Verified', () => {
  it('checks a text once per key while it verifies, and every time while it does not', () => {
    const verified = new Verified<string>();
    const key = Buffer.from('key');
    let checks = 0;
    const good = () => (checks++, 'claims');
    const bad = () => (checks++, null);
    expect(verified.get(key, 'token', good)).toBe('claims');
    expect(verified.get(key, 'token', good)).toBe('claims');
    expect(checks).toBe(1);
    expect(verified.get(Buffer.from('other key'), 'token', good)).toBe('claims');
    expect(checks).toBe(2);
    expect(verified.get(key, 'forged', bad)).toBeNull();
    expect(verified.get(key, 'forged', bad)).toBeNull();
    expect(checks).toBe(4);
  });
});
