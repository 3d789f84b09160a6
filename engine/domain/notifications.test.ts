import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unseenBadge, unseenOf, withArrival, type Notification } from './notifications';

const notification = (id: number, seen_at: string | null = null): Notification => ({
  id,
  created_at: '2026-03-01T10:00:00Z',
  seen_at,
  summary: `Notification ${id}`,
  type: 'creditAmountTooLow',
});

describe('notifications', () => {
  it('are unseen until they have a seen_at', () => {
    const list = [notification(1), notification(2, '2026-03-01T11:00:00Z'), notification(3)];
    expect(unseenOf(list).map((item) => item.id)).toEqual([1, 3]);
  });

  it('put a live arrival on top, replacing an earlier copy', () => {
    const list = [notification(1), notification(2)];
    expect(withArrival(list, notification(3)).map((item) => item.id)).toEqual([3, 1, 2]);
    const seen = notification(2, '2026-03-01T11:00:00Z');
    expect(withArrival(list, seen)).toEqual([seen, notification(1)]);
  });

  it('keep every id once whatever arrives', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(20)), fc.nat(20), (ids, id) => {
        const ids2 = withArrival(
          ids.map((i) => notification(i)),
          notification(id),
        ).map((item) => item.id);
        expect(ids2[0]).toBe(id);
        expect(new Set(ids2).size).toBe(ids2.length);
        expect(new Set(ids2)).toEqual(new Set([...ids, id]));
      }),
    );
  });

  it('count the unseen on the badge up to 99, then 99+', () => {
    expect(unseenBadge(1)).toBe('1');
    expect(unseenBadge(99)).toBe('99');
    expect(unseenBadge(100)).toBe('99+');
  });
});
