import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endTransfer, startTransfer, transferPercent, transfers, updateTransfer } from './transfers';

describe('transfers store', () => {
  it('follows one transfer from start to end', () => {
    const id = startTransfer('upload', 'firmware.bin');
    updateTransfer(id, 40, 80);
    expect(transfers.list).toEqual([{ id, direction: 'upload', label: 'firmware.bin', loaded: 40, total: 80 }]);
    expect(transferPercent(transfers.list[0])).toBe(50);
    endTransfer(id);
    expect(transfers.list).toEqual([]);
  });

  it('percent is a whole number from 0 to 100, unknown without a size', () => {
    expect(transferPercent({ loaded: 5 })).toBeUndefined();
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1 }), (loaded, total) => {
        const percent = transferPercent({ loaded, total })!;
        return Number.isInteger(percent) && percent >= 0 && percent <= 100;
      }),
    );
  });
});
