import { describe, expect, it } from 'vitest';
import { creditTypesForUser, removePaidWord } from './credit-types';

const types = [
  { id: 1, name: 'Free Credit', payment_type: 'free' },
  { id: 2, name: 'Paid Credit', payment_type: 'paid' },
  { id: 3, name: 'Company data', payment_type: 'free' },
  { id: 4, name: 'Paid Hotspot', payment_type: 'paid' },
];

describe('credit types', () => {
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
