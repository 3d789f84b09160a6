import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDateTime, formatRelativeTime, relativeParts, toDate } from './relative-time';

const now = new Date('2026-01-10T12:00:00Z');

describe('relative time', () => {
  it('uses Intl.RelativeTimeFormat with date-library thresholds', () => {
    expect(formatRelativeTime('2026-01-10T11:59:30Z', now)).toBe('30 seconds ago');
    expect(formatRelativeTime('2026-01-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-01-10 09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-01-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-01-10T12:10:00Z', now)).toBe('in 10 minutes');
    expect(formatRelativeTime('2025-01-01T00:00:00Z', now)).toBe('last year');
    expect(formatRelativeTime('garbage', now)).toBe('');
  });
  it('reads unix seconds and milliseconds', () => {
    expect(toDate(1_700_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(toDate(1_700_000_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });
  it('reads the API timestamps Y-m-d H:i:s as UTC and keeps ISO zones', () => {
    expect(toDate('2024-03-05 07:08:09')?.toISOString()).toBe('2024-03-05T07:08:09.000Z');
    expect(toDate('2024-03-05 07:08')?.toISOString()).toBe('2024-03-05T07:08:00.000Z');
    expect(toDate('2024-03-05T07:08:09+02:00')?.toISOString()).toBe('2024-03-05T05:08:09.000Z');
    expect(toDate('2024-03-05 07:08:09+02:00')?.toISOString()).toBe('2024-03-05T05:08:09.000Z');
    expect(toDate('2024-13-05 07:08:09')).toBeUndefined();
  });
  it('reads every UTC instant back from its Y-m-d H:i:s spelling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_799 }), (seconds) => {
        const instant = new Date(seconds * 1000);
        const spelled = instant.toISOString().slice(0, 19).replace('T', ' ');
        expect(toDate(spelled)?.getTime()).toBe(instant.getTime());
      }),
    );
  });
  it('the sign follows past and future', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }).filter((d) => Math.abs(d) > 1000),
        (delta) => {
          const { value } = relativeParts(new Date(now.getTime() + delta), now);
          if (value !== 0) expect(Math.sign(value)).toBe(Math.sign(delta));
        },
      ),
    );
  });
  it('formats absolute date-times', () => {
    expect(formatDateTime('2026-01-10T12:00:00Z', 'en-GB', 'UTC')).toBe('10 Jan 2026, 12:00');
  });
});

describe('RMS timestamps', () => {
  it("reads 'Y-m-d H:i:s' as UTC and shows it in the chosen time zone", () => {
    expect(toDate('2026-11-23 08:00:00')?.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(formatDateTime('2026-11-23 08:00:00', 'en-GB', 'Asia/Tokyo')).toBe('23 Nov 2026, 17:00');
    expect(formatDateTime('2026-11-23T08:00:00Z', 'en-GB', 'America/New_York')).toBe('23 Nov 2026, 03:00');
  });
});
