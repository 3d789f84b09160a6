// The server's check of a form submission against the same document the console
// renders (contract 6): permission-gated and hidden fields are dropped (never
// submitted), unknown keys are dropped, text is trimmed, multipart strings are
// coerced to the field's type, and every visible field is checked by checkField.
import type { ErrorItem } from '../errors/error-item';
import { normaliseRows } from '../fields/table-input';
import { TRIMMED_TYPES, trimText } from '../fields/text';
import { checkField } from '../validators/field';
import { decimalNumber } from '../validators/patterns';
import { compileForm, isDisplayOnly, type FormLike } from './compile';
import { pruneHidden, visibleFields, type FormValues } from './depends';
import { holdsPermission } from './permission';
import type { FieldSchema } from './types';

export interface SubmissionResult {
  ok: boolean;
  errors: ErrorItem[];
  /** The payload to act on: only the document's visible, permitted fields, trimmed and typed. */
  value: FormValues;
}

export const VALIDATION_ERROR = 'VALIDATION_ERROR';
export const FORBIDDEN = 'FORBIDDEN';

const BOOLEAN_TEXT: Record<string, boolean> = { true: true, '1': true, on: true, false: false, '0': false, off: false };

/** Multipart and query values arrive as strings: give them the field's type. */
export function coerceValue(field: FieldSchema, value: unknown): unknown {
  if (field.type === 'number' && typeof value === 'string') {
    const t = value.trim();
    return t === '' ? undefined : (decimalNumber(t) ?? value);
  }
  if (field.type === 'checkbox' && typeof value === 'string') {
    if (field.trueValue !== undefined && value === String(field.trueValue)) return field.trueValue;
    if (field.falseValue !== undefined && value === String(field.falseValue)) return field.falseValue;
    if (field.trueValue === undefined && value in BOOLEAN_TEXT) return BOOLEAN_TEXT[value];
  }
  if (field.component === 'ListInput' && Array.isArray(value)) {
    const items = value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '' && v != null);
    return field.list?.type === 'number'
      ? items.map((v) => (typeof v === 'string' ? (decimalNumber(v) ?? v) : v))
      : items;
  }
  if (field.component === 'TableInput' && field.table && Array.isArray(value)) return normaliseRows(field.table, value);
  if (TRIMMED_TYPES.includes(field.type ?? 'text') && !field.component) return trimText(value);
  return value;
}

export function validateSubmission(
  doc: FormLike,
  payload: unknown,
  ctx: { permissions: readonly string[]; warnings?: boolean },
): SubmissionResult {
  if ('permission' in doc && !holdsPermission(ctx.permissions, doc.permission)) {
    return {
      ok: false,
      errors: [{ code: FORBIDDEN, message: 'This action is unauthorized.', source: null }],
      value: {},
    };
  }
  const input = (typeof payload === 'object' && payload !== null ? payload : {}) as FormValues;
  const fields = compileForm(doc, { permissions: ctx.permissions }).fields.filter((f) => !isDisplayOnly(f));
  const shaped: FormValues = {};
  for (const field of fields) {
    if (field.key in input) shaped[field.key] = coerceValue(field, input[field.key]);
    if (field.addon && field.addon.key in input) shaped[field.addon.key] = trimText(input[field.addon.key]);
  }
  const scope = { fields };
  const value = pruneHidden(scope, shaped);
  const errors: ErrorItem[] = [];
  for (const field of visibleFields(scope, value)) {
    const message = checkField(field, value[field.key], { warnings: ctx.warnings });
    if (message) errors.push({ code: VALIDATION_ERROR, message, source: field.key });
  }
  return { ok: errors.length === 0, errors, value };
}
