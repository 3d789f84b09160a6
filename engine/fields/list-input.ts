// ListInput rules (forms spec §3, §5): add keys (Enter and comma by default), blank
// values ignored, stops at maxItems, uniqueItems rejects a duplicate, noDupes clears
// it silently, the typed value's validity is checked before adding, number type
// converts to number, Backspace on an empty input removes the last item, required
// applies only while the list is empty.
import { LIST_ADD_KEYS } from '../constants';
import type { ListInputOptions } from '../schema/types';

export type ListItem = string | number;

export const DUPLICATE_MESSAGE = 'This value is already in the list';

export function isAddKey(key: string, options: ListInputOptions = {}): boolean {
  return (options.addKeys ?? LIST_ADD_KEYS).includes(key);
}

/** The validity message of a typed value (what the browser would say), or undefined. */
export function itemValidity(raw: string, options: ListInputOptions = {}): string | undefined {
  if (options.type === 'number') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) return 'Please enter a number.';
    if (options.min !== undefined && n < options.min) return `Value must be greater than or equal to ${options.min}.`;
    if (options.max !== undefined && n > options.max) return `Value must be less than or equal to ${options.max}.`;
    return undefined;
  }
  if (options.minItemLength !== undefined && raw.length < options.minItemLength)
    return `Please lengthen this text to ${options.minItemLength} characters or more.`;
  if (options.maxItemLength !== undefined && raw.length > options.maxItemLength)
    return `Please shorten this text to ${options.maxItemLength} characters or less.`;
  if (options.pattern !== undefined && !new RegExp(`^(?:${options.pattern})$`).test(raw))
    return 'Please match the requested format.';
  return undefined;
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
    if (options.uniqueItems) return { items: [...items], input: raw, error: DUPLICATE_MESSAGE };
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

/** A whole list shaped by the options: blanks skipped, numbers converted, duplicates dropped, cut at maxItems. */
export function normaliseList(values: readonly unknown[], options: ListInputOptions = {}): ListItem[] {
  let items: ListItem[] = [];
  for (const v of values) {
    const text = String(v ?? '').trim();
    if (text === '') continue;
    const res = addListItem(items, text, { ...options, noDupes: options.noDupes || options.uniqueItems });
    items = res.items;
  }
  return items;
}
