import { describe, expect, it } from 'vitest';
import { BUILD_TIMESTAMP } from './updateCheck';

describe('the running build', () => {
  it('compares with a timestamp fixed at build time, in whole seconds', () => {
    expect(BUILD_TIMESTAMP).toBeGreaterThan(Date.UTC(2025, 0, 1));
    expect(BUILD_TIMESTAMP % 1000).toBe(0);
  });
});
