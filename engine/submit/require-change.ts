// A form whose document lists requireChange fields (the edit-company form, forms
// spec §5) is not sent while those fields still hold the value the form opened
// with: the toast 'Please input different value to save changes.' instead.
import { companyNameChangeBlocked } from '../domain/company-name';
import type { FormValues } from '../schema/depends';
import type { FormDocument } from '../schema/types';

/** The toast message when a requireChange field is unchanged, otherwise undefined. */
export function unchangedMessage(
  doc: Pick<FormDocument, 'requireChange'>,
  initial: FormValues,
  current: FormValues,
): string | undefined {
  for (const key of doc.requireChange ?? []) {
    const before = initial[key];
    if (before === undefined || before === null) continue;
    const blocked = companyNameChangeBlocked(String(before), String(current[key] ?? ''));
    if (blocked) return blocked;
  }
  return undefined;
}

/** The values a loaded item gives the form: only its own field keys. */
export function loadedValues(item: unknown, keys: readonly string[]): FormValues {
  if (!item || typeof item !== 'object') return {};
  const record = item as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => record[k] !== undefined).map((k) => [k, record[k]]));
}
