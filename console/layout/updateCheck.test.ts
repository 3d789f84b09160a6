import { describe, expect, it } from 'vitest';
import { shouldPrompt } from './updateCheck';

describe('update prompt rule', () => {
  it('prompts when the stored timestamp is older and the new one is after the build', () => {
    expect(shouldPrompt(100, 200, 150)).toBe(true);
    expect(shouldPrompt(null, 200, 150)).toBe(true);
    expect(shouldPrompt(200, 200, 150)).toBe(false);
    expect(shouldPrompt(100, 140, 150)).toBe(false);
  });
});
