import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLocalhost, onVersionReport, runsVersionCheck, shouldPrompt } from './update-check';

const BUILD = Date.UTC(2026, 10, 1);

describe('update prompt rule', () => {
  it('prompts when the stored timestamp is older and the new one is after the build', () => {
    expect(shouldPrompt(100, 200, 150)).toBe(true);
    expect(shouldPrompt(null, 200, 150)).toBe(true);
    expect(shouldPrompt(200, 200, 150)).toBe(false);
    expect(shouldPrompt(100, 140, 150)).toBe(false);
  });

  it('the running build never prompts; a newer build does, even when the first report is already newer', () => {
    expect(onVersionReport(null, BUILD, BUILD)).toEqual({ store: BUILD, prompt: false });
    expect(onVersionReport(BUILD, BUILD, BUILD)).toEqual({ store: null, prompt: false });
    expect(onVersionReport(BUILD, BUILD + 60_000, BUILD)).toEqual({ store: BUILD + 60_000, prompt: true });
    // A cached bundle: the first report after load already names a newer index.html.
    expect(onVersionReport(null, BUILD + 60_000, BUILD)).toEqual({ store: BUILD + 60_000, prompt: true });
    // Once stored, the same newer build does not prompt again.
    expect(onVersionReport(BUILD + 60_000, BUILD + 60_000, BUILD).prompt).toBe(false);
  });

  it('the stored timestamp only moves forward, and one build prompts at most once', () => {
    const time = fc.integer({ min: 0, max: 2 ** 40 });
    fc.assert(
      fc.property(fc.option(time), fc.array(time, { minLength: 1, maxLength: 20 }), time, (first, reports, build) => {
        let stored: number | null = first;
        const prompted = new Set<number>();
        for (const reported of reports) {
          const next = onVersionReport(stored, reported, build);
          if (next.prompt) {
            expect(reported).toBeGreaterThan(build);
            expect(prompted.has(reported)).toBe(false);
            prompted.add(reported);
          }
          if (next.store !== null) {
            expect(next.store).toBe(reported);
            if (stored !== null) expect(next.store).toBeGreaterThan(stored);
            stored = next.store;
          }
        }
      }),
    );
  });

  it('skips the check on the development hosts only', () => {
    expect(['localhost', '127.0.0.1', '[::1]'].every(isLocalhost)).toBe(true);
    expect(isLocalhost('rms.example.com')).toBe(false);
    expect(isLocalhost('127.0.0.2')).toBe(false);
  });

  it('runs the check only away from localhost and where workers are available', () => {
    expect(runsVersionCheck('rms.example.com', true)).toBe(true);
    expect(runsVersionCheck('rms.example.com', false)).toBe(false);
    expect(runsVersionCheck('localhost', true)).toBe(false);
    expect(runsVersionCheck('127.0.0.1', true)).toBe(false);
  });
});
