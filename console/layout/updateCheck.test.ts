import { describe, expect, it } from 'vitest';
import { BUILD_TIMESTAMP, onVersionReport, shouldPrompt } from './updateCheck';

describe('update prompt rule', () => {
  it('prompts when the stored timestamp is older and the new one is after the build', () => {
    expect(shouldPrompt(100, 200, 150)).toBe(true);
    expect(shouldPrompt(null, 200, 150)).toBe(true);
    expect(shouldPrompt(200, 200, 150)).toBe(false);
    expect(shouldPrompt(100, 140, 150)).toBe(false);
  });

  it('compares with a timestamp fixed at build time, in whole seconds', () => {
    expect(BUILD_TIMESTAMP).toBeGreaterThan(Date.UTC(2025, 0, 1));
    expect(BUILD_TIMESTAMP % 1000).toBe(0);
  });

  it('the running build never prompts; a newer build does, even when the first report is already newer', () => {
    const build = BUILD_TIMESTAMP;
    expect(onVersionReport(null, build, build)).toEqual({ store: build, prompt: false });
    expect(onVersionReport(build, build, build)).toEqual({ store: null, prompt: false });
    expect(onVersionReport(build, build + 60_000, build)).toEqual({ store: build + 60_000, prompt: true });
    // A cached bundle: the first report after load already names a newer index.html.
    expect(onVersionReport(null, build + 60_000, build)).toEqual({ store: build + 60_000, prompt: true });
    // Once stored, the same newer build does not prompt again.
    expect(onVersionReport(build + 60_000, build + 60_000, build).prompt).toBe(false);
  });
});
