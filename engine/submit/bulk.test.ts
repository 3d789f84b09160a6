import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bulkPayload, combineBulkSources } from './bulk';

describe('bulk payloads', () => {
  it('with an action field: {device_id: [...], ...values}', () => {
    expect(bulkPayload([{ id: 1 }, { id: 2 }], { action: 'reboot' }, { actionField: 'action' })).toEqual({
      device_id: [1, 2],
      action: 'reboot',
    });
  });

  it('without: {data: [{device_id, ...values}]}', () => {
    expect(bulkPayload([3, 4], { tag: 'x' })).toEqual({
      data: [
        { device_id: 3, tag: 'x' },
        { device_id: 4, tag: 'x' },
      ],
    });
  });

  it('combineBulkSources merges the selection and the form ids without duplicates', () => {
    expect(combineBulkSources([{ device_id: 1 }, { device_id: 2 }], { device_id: [2, 3] })).toEqual([1, 2, 3]);
    expect(bulkPayload([1], { device_id: 5, x: 1 }, { actionField: 'x' }, true)).toEqual({ device_id: [1, 5], x: 1 });
  });

  it('keeps every selected id exactly once (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 })), fc.array(fc.integer({ min: 1, max: 20 })), (a, b) => {
        const ids = combineBulkSources(a, { device_id: b });
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set([...a, ...b]));
      }),
    );
  });
});
