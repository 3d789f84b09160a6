import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLatestGets } from './latest-get';
import type { HttpResponse } from './types';

const answer = (n: number) => ({
  status: 200,
  statusText: 'OK',
  data: n,
  headers: new Headers(),
  config: { url: '/x' },
});

describe('latest GET per URL (property)', () => {
  it('every caller of a group gets the newest answer, whatever order the answers arrive in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.boolean(), async (count, newestFails) => {
        const gets = createLatestGets('replaced');
        const finishers: Array<() => void> = [];
        const callers = Array.from({ length: count }, (_, index) =>
          gets.run('/api/x', (controller) => {
            return new Promise<HttpResponse<number>>((resolve, reject) => {
              controller.signal.addEventListener('abort', () => reject(new Error(String(controller.signal.reason))));
              finishers.push(() =>
                newestFails && index === count - 1 ? reject(new Error('boom')) : resolve(answer(index)),
              );
            });
          }),
        );
        for (const finish of [...finishers].reverse()) finish();
        const outcomes = await Promise.allSettled(callers);
        const expected = newestFails ? { status: 'rejected' } : { status: 'fulfilled', value: answer(count - 1) };
        for (const outcome of outcomes) expect(outcome).toMatchObject(expected);
      }),
    );
  });
});
