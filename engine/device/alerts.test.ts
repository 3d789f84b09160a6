import { describe, expect, it } from 'vitest';
import { alertToast } from './alerts';

describe('device alert toasts', () => {
  it('turns a device alert into a warning toast with its summary', () => {
    expect(alertToast({ type: 'deviceAlert', summary: 'RUT240 Riga 001 went Offline.' })).toEqual({
      message: 'RUT240 Riga 001 went Offline.',
      type: 'warning',
      position: 'top-right',
    });
  });

  it('leaves other notifications and malformed ones to the bell', () => {
    for (const n of [
      { type: 'creditAmountTooLow', summary: 'Low' },
      { type: 'deviceAlert', summary: '' },
      { type: 'deviceAlert', summary: 3 },
      undefined,
    ]) {
      expect(alertToast(n)).toBeUndefined();
    }
  });
});
