// ListInput rules (forms spec §3, §5): add keys (Enter and comma by default), blank
// values ignored, stops at maxItems, uniqueItems rejects a duplicate, noDupes clears
// it silently, the typed value's validity is checked before adding, number type
// converts to number, Backspace on an empty input removes the last item, required
// applies only while the list is empty.
import { LIST_ADD_KEYS } from '../constants';
import { t, tn } from '../i18n/i18n';
import type { ListInputOptions } from '../schema/types';
import { FIELD_MESSAGES } from './messages';

export type ListItem = string | number;

export function isAddKey(key: string, options: ListInputOptions = {}): boolean {
  return (options.addKeys ?? LIST_ADD_KEYS).includes(key);
}

/** A validity check for typed values of these options (the pattern RegExp is built once). */
export function itemValidator(options: ListInputOptions = {}): (raw: string) => string | undefined {
  if (options.type === 'number') {
    const { min, max } = options;
    return (raw) => {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) return t(FIELD_MESSAGES.number);
      if (min !== undefined && n < min) return t(FIELD_MESSAGES.min, { min });
      if (max !== undefined && n > max) return t(FIELD_MESSAGES.max, { max });
      return undefined;
    };
  }
  const { minItemLength, maxItemLength } = options;
  const pattern = options.pattern !== undefined ? new RegExp(`^(?:${options.pattern})$`) : undefined;
  return (raw) => {
    if (minItemLength !== undefined && raw.length < minItemLength) return tn(FIELD_MESSAGES.tooShort, minItemLength);
    if (maxItemLength !== undefined && raw.length > maxItemLength) return tn(FIELD_MESSAGES.tooLong, maxItemLength);
    if (pattern && !pattern.test(raw)) return t(FIELD_MESSAGES.pattern);
    return undefined;
  };
}

/** The validity message of a typed value (what the browser would say), or undefined. */
export function itemValidity(raw: string, options: ListInputOptions = {}): string | undefined {
  return itemValidator(options)(raw);
}

export interface AddResult {
  items: ListItem[];
  /** What stays in the text input. */
  input: string;
  error?: string;
}

/** Adds the typed value to the list by the list input rules. */
export function addListItem(items: readonly ListItem[], raw: string, options: ListInputOptions = {}): AddResult {
  const text = raw.trim();
  if (text === '') return { items: [...items], input: '' };
  if (options.maxItems !== undefined && items.length >= options.maxItems) return { items: [...items], input: raw };
  const error = itemValidity(text, options);
  if (error) return { items: [...items], input: raw, error };
  const value: ListItem = options.type === 'number' ? Number(text) : text;
  if (items.some((i) => i === value)) {
    if (options.noDupes) return { items: [...items], input: '' };
    if (options.uniqueItems) return { items: [...items], input: raw, error: t(FIELD_MESSAGES.duplicate) };
  }
  return { items: [...items, value], input: '' };
}

/** Backspace on an empty input removes the last item. */
export function backspace(items: readonly ListItem[], input: string): ListItem[] {
  return input === '' ? items.slice(0, -1) : [...items];
}

export function removeListItem(items: readonly ListItem[], index: number): ListItem[] {
  return items.filter((_, i) => i !== index);
}

/** `required` applies only while the list is empty (the text input is required then). */
export function listInputRequired(items: readonly ListItem[], required: boolean | undefined): boolean {
  return !!required && items.length === 0;
}

/**
 * A whole list shaped by the options in one pass: blanks and invalid values skipped, numbers converted,
 * duplicates dropped (uniqueItems or noDupes), cut at maxItems. Same result as adding the values one by one.
 */
export function normaliseList(values: Iterable<unknown>, options: ListInputOptions = {}): ListItem[] {
  const check = itemValidator(options);
  const dropDupes = !!(options.noDupes || options.uniqueItems);
  const max = options.maxItems ?? Infinity;
  const items: ListItem[] = [];
  const seen = new Set<ListItem>();
  for (const v of values) {
    if (items.length >= max) break;
    const text = String(v ?? '').trim();
    if (text === '' || check(text) !== undefined) continue;
    const value: ListItem = options.type === 'number' ? Number(text) : text;
    if (dropDupes) {
      if (seen.has(value)) continue;
      seen.add(value);
    }
    items.push(value);
  }
  return items;
}
