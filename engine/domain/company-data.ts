// Company data purchase (forms spec §4, §9): the credit count is reduced to digits
// with leading zeros removed; 1 credit gives 2 GB, shown as a preview.
import { CREDIT_COUNT_MAX_LENGTH, GB_PER_DATA_CREDIT } from '../constants';

/** Digits only, leading zeros removed ("0a07" -> "7", "000" -> ""). */
export function normaliseCreditCount(value: unknown): string {
  return String(value ?? '')
    .replace(/\D/g, '')
    .replace(/^0+/, '')
    .slice(0, CREDIT_COUNT_MAX_LENGTH);
}

/** Gigabytes bought with this many credits (1 credit = 2 GB), or 0 for an empty count. */
export function dataAmountGb(credits: unknown): number {
  const digits = normaliseCreditCount(credits);
  return digits === '' ? 0 : Number(digits) * GB_PER_DATA_CREDIT;
}

/** The preview text of the company data form. */
export function companyDataPreview(credits: unknown): string {
  return `Data amount: ${dataAmountGb(credits)} GB`;
}
