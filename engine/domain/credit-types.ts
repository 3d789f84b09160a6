// Resource (credit) type rules (forms spec §5, §6): price and pro form number are
// required for type ids 2, 4, 6, 8, 10; a super admin sees every credit type, others
// only the paid ones with the word 'Paid' removed from the name.
import { PRICE_REQUIRED_TYPE_IDS } from '../constants';

export interface CreditType {
  id: number;
  name: string;
  payment_type?: string;
  license_type?: string;
  [key: string]: unknown;
}

export function isPriceRequired(typeId: unknown): boolean {
  return PRICE_REQUIRED_TYPE_IDS.includes(Number(typeId));
}

export function removePaidWord(name: string): string {
  return name
    .replace(/\bPaid\b/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The credit types a user may choose from. */
export function creditTypesForUser<T extends CreditType>(types: readonly T[], isSuperAdmin: boolean): T[] {
  if (isSuperAdmin) return [...types];
  return types.filter((t) => t.payment_type === 'paid').map((t) => ({ ...t, name: removePaidWord(t.name) }));
}
