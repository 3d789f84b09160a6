import { describe, expect, it } from 'vitest';
import { creditTypesForUser, isPriceRequired, removePaidWord } from './credit-types';

const types = [
  { id: 1, name: 'Free Credit', payment_type: 'free' },
  { id: 2, name: 'Paid Credit', payment_type: 'paid' },
  { id: 3, name: 'Company data', payment_type: 'free' },
  { id: 4, name: 'Paid Hotspot', payment_type: 'paid' },
];

describe('credit types', () => {
  it('price and pro form are required for type ids 2, 4, 6, 8, 10', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].filter(isPriceRequired)).toEqual([2, 4, 6, 8, 10]);
    expect(isPriceRequired('8')).toBe(true);
  });

  it('a super admin sees all credit types', () => {
    expect(creditTypesForUser(types, true)).toEqual(types);
  });

  it("others see only paid types, with the word 'Paid' removed from the name", () => {
    expect(creditTypesForUser(types, false)).toEqual([
      { id: 2, name: 'Credit', payment_type: 'paid' },
      { id: 4, name: 'Hotspot', payment_type: 'paid' },
    ]);
    expect(removePaidWord('Unpaid Paid Credit')).toBe('Unpaid Credit');
  });
});
