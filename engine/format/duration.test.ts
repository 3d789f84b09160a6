import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('shows days and hours when not zero, minutes always', () => {
    expect(formatDuration(3 * 86400 + 4 * 3600 + 12 * 60 + 59)).toBe('3d 4h 12m');
    expect(formatDuration(59)).toBe('0m');
    expect(formatDuration(86400)).toBe('1d 0m');
    expect(formatDuration(Number.NaN)).toBe('');
  });

  it("speaks the chosen language's units", () => {
    expect(formatDuration(3 * 86400 + 4 * 3600 + 12 * 60, 'uk')).toBe('3д 4г 12х');
  });

  it('adds up to the whole minutes of the duration', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), (seconds) => {
        const [d, h, m] = [/(\d+)d/, /(\d+)h/, /(\d+)m/].map((re) =>
          Number(re.exec(formatDuration(seconds).replaceAll(',', ''))?.[1] ?? 0),
        );
        expect(d * 1440 + h * 60 + m).toBe(Math.floor(seconds / 60));
      }),
    );
  });
});
