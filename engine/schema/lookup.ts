// Lookup lists (forms spec §7, §9): the GET request of a lookup document for a field
// (page size 100, the form's params with {key} placeholders filled from the values,
// the typed search text) and the options made from the loaded items.
import { LOOKUP_PAGE_SIZE } from '../constants';
import type { FormValues } from './depends';
import { permits } from '../permissions/document';
import { isHexColor } from '../validators/patterns';
import type { LookupDocument, LookupRef, OptionItem, Scalar } from './types';
import { fillPlaceholders, wholePlaceholder } from '../contract/endpoint';
import { listQuery } from '../contract/list-query';

/** Reads a dotted path ("config.name") from an item. */
export function readPath(item: unknown, path: string): unknown {
  let node = item;
  for (const seg of path.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[seg] : undefined;
  return node;
}

/** Fills '{key}' placeholders of a param from the form values (undefined when the value is empty). */
export function fillParam(value: Scalar, values: FormValues): Scalar | undefined {
  if (typeof value !== 'string') return value;
  const whole = wholePlaceholder(value);
  if (whole !== undefined) {
    const v = values[whole];
    return v === undefined || v === null || v === '' ? undefined : Array.isArray(v) ? v.join(',') : (v as Scalar);
  }
  return fillPlaceholders(value, (key) => values[key]);
}

export interface LookupRequest {
  url: string;
  params: Record<string, Scalar>;
}

/** Whether the user may use a lookup: a document's permission, when it names one, is held (else no list is offered). */
export const lookupPermitted = (doc: LookupDocument, permissions: readonly string[]): boolean =>
  permits(permissions, doc.permission);

/** The GET request of a lookup for a field: path, fixed params, the field's params, limit 100, search text. */
export function lookupRequest(
  doc: LookupDocument,
  ref: LookupRef,
  values: FormValues = {},
  search?: string,
): LookupRequest {
  const params: Record<string, Scalar> = { ...(doc.params ?? {}) };
  for (const [k, v] of Object.entries(ref.params ?? {})) {
    const filled = fillParam(v, values);
    if (filled !== undefined) params[k] = filled;
  }
  const query = listQuery({ limit: doc.limit ?? LOOKUP_PAGE_SIZE }, params);
  // A lookup may name its own search parameter (the list query's is q).
  if (search) query[doc.searchParam ?? 'q'] = search;
  return { url: doc.path, params: query };
}

/**
 * The GET request for the items of chosen values, whatever page of the list they are on (an edit form's stored
 * choice beyond the first 100): the form's params and the API's `id` filter. Undefined when the lookup's value
 * is not the item's id (no list filters by another key).
 */
export function chosenRequest(
  doc: LookupDocument,
  ref: LookupRef,
  values: FormValues,
  chosen: readonly Scalar[],
): LookupRequest | undefined {
  if ((ref.valueKey ?? doc.valueKey) !== 'id' || !chosen.length) return undefined;
  const { url, params } = lookupRequest(doc, ref, values);
  return { url, params: { ...params, id: chosen.join(','), limit: chosen.length } };
}

/** Options of loaded items by the lookup's (or the field's) label and value keys, with their description and colour. */
export function lookupOptions(doc: LookupDocument, ref: LookupRef, items: readonly unknown[]): OptionItem[] {
  const valueKey = ref.valueKey ?? doc.valueKey;
  const labelKey = ref.labelKey ?? doc.labelKey;
  return items.map((item) => {
    const value = readPath(item, valueKey) as Scalar;
    const label = readPath(item, labelKey);
    const description = doc.descriptionKey ? readPath(item, doc.descriptionKey) : undefined;
    const color = doc.colorKey ? readPath(item, doc.colorKey) : undefined;
    return {
      value,
      label: label === undefined || label === null ? String(value) : String(label),
      ...(description !== undefined && description !== null && description !== ''
        ? { description: String(description) }
        : {}),
      ...(isHexColor(color) ? { color: String(color) } : {}),
    };
  });
}
