// A form whose document lists requireChange fields (the edit-company form, forms
// spec §5) is not sent while those fields still hold the value the form opened
// with and nothing else changed either: the toast 'Please input different value
// to save changes.' instead. A change of another field alone (a custom field a
// product owner added) is a change worth saving.
import { companyNameChangeBlocked } from '../domain/company-name';
import { isEmptyValue, type FormValues } from '../schema/depends';
import type { FormDocument } from '../schema/types';

/** Whether a value is the one the form opened with (text compared trimmed, empty as empty). */
function unchangedValue(before: unknown, after: unknown): boolean {
  if (isEmptyValue(before) && isEmptyValue(after)) return true;
  if (typeof before === 'string' && typeof after === 'string') return before.trim() === after.trim();
  return JSON.stringify(before) === JSON.stringify(after);
}

/**
 * The toast message when a requireChange field is unchanged and no other field changed either,
 * otherwise undefined.
 */
export function unchangedMessage(
  doc: Pick<FormDocument, 'requireChange'>,
  initial: FormValues,
  current: FormValues,
): string | undefined {
  const required = doc.requireChange ?? [];
  const others = Object.keys({ ...initial, ...current }).filter((key) => !required.includes(key));
  if (others.some((key) => !unchangedValue(initial[key], current[key]))) return undefined;
  for (const key of required) {
    const before = initial[key];
    if (before === undefined || before === null) continue;
    const blocked = companyNameChangeBlocked(String(before), String(current[key] ?? ''));
    if (blocked) return blocked;
  }
  return undefined;
}

/**
 * The values a loaded item gives the form: only its own field keys, a custom field's
 * (a key the resource does not store) read from the item's `custom_fields`.
 */
export function loadedValues(item: unknown, keys: readonly string[]): FormValues {
  if (!item || typeof item !== 'object') return {};
  const record = item as Record<string, unknown>;
  const custom = (typeof record.custom_fields === 'object' ? record.custom_fields : null) as FormValues | null;
  const valueOf = (key: string) => (record[key] !== undefined ? record[key] : custom?.[key]);
  return Object.fromEntries(keys.filter((k) => valueOf(k) !== undefined).map((k) => [k, valueOf(k)]));
}
