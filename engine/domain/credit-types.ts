// Resource (credit) type rules (forms spec §5, §6): a super admin sees every
// credit type, others only the paid ones with the word 'Paid' removed from the
// name. (Price and pro form number, required for type ids 2, 4, 6, 8 and 10, are
// the add-resources form's own rule: its fields depend on the type.)

export interface CreditType {
  id: number;
  name: string;
  payment_type?: string;
  license_type?: string;
  [key: string]: unknown;
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
