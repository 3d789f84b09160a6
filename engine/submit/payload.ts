import { isDisplayOnly, kindOf } from '../fields/kinds';
import { trimText } from '../fields/text';
import { isEmptyValue, pruneHidden, type FormValues } from '../schema/depends';
import type { FieldSchema } from '../schema/types';
import { fillPlaceholders } from '../contract/endpoint';

// Payload shaping (forms spec §4, §5, §7): hidden fields pruned, display-only
// fields dropped, each value coerced by its field's kind as the server will
// (text trimmed, numbers typed, lists and tables normalised), empty optional
// values left out (unless the form opened with a value there: emptying a field
// clears what is stored), endpoint placeholders filled.

interface HasFields {
  fields: FieldSchema[];
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

/**
 * What a body sends for an optional field emptied in a form opened with a value there (an edit form): the
 * empty value of the stored one's shape, so that the server clears it rather than keeping it.
 */
function emptied(stored: unknown): unknown {
  if (Array.isArray(stored)) return [];
  return typeof stored === 'string' ? '' : null;
}

/**
 * The request body of a form: visible, value-carrying fields only, shaped per field. `openedWith`, the values
 * an edit form opened with: an optional field emptied since is sent empty.
 */
export function shapePayload(doc: HasFields, values: FormValues, openedWith: FormValues = {}): FormValues {
  const visible = pruneHidden(doc, values);
  const out: FormValues = {};
  for (const field of doc.fields) {
    if (isDisplayOnly(field) || !(field.key in visible)) continue;
    const value = kindOf(field).coerce(field, visible[field.key]);
    if (!isEmpty(value) || field.required) out[field.key] = value;
    else if (!isEmptyValue(openedWith[field.key])) out[field.key] = emptied(openedWith[field.key]);
    if (field.addon && field.addon.key in visible) out[field.addon.key] = trimText(visible[field.addon.key]);
  }
  return out;
}

/**
 * Fills `{key}` placeholders from the values (`{id}` falls back to the route id)
 * and `:id` from the route id.
 * Throws when a placeholder has no value (a broken document, not a user error).
 */
export function fillEndpoint(endpoint: string, values: FormValues, id?: string | number): string {
  return fillPlaceholders(endpoint, (key) => (key === 'id' && isEmpty(values.id) ? id : values[key]), {
    encode: true,
    missing: (key) => {
      throw new Error(`Endpoint ${endpoint} needs a value for ${key}`);
    },
  }).replace(/:id\b/g, () => {
    if (isEmpty(id)) throw new Error(`Endpoint ${endpoint} needs an id`);
    return encodeURIComponent(String(id));
  });
}

/** Whether a payload carries a file (and so must go as multipart). */
export function hasFile(value: unknown): boolean {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  if (Array.isArray(value)) return value.some(hasFile);
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.values(value).some(hasFile);
  return false;
}
