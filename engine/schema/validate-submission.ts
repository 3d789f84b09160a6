// The server's check of a form submission against the same document the console
// renders (contract 6): permission-gated and hidden fields are dropped (never
// submitted), unknown keys are dropped, text is trimmed, multipart strings are
// coerced to the field's type, and every visible field is checked by checkField
// (required as requiredNow says: always, or while its requiredWhen rules hold)
// (a selection of a lookup switch also by checkSwitch: its value names a lookup).
// A partial form (`partial`, an edit form whose endpoint changes only what it is
// sent, as the RMS API's PUTs do) needs a required field only when it is sent:
// left out, it keeps what is stored; sent empty, it is refused. A submission of
// none of its fields is checked whole, so it cannot pass as a change of nothing.
import type { ErrorItem } from '../contract/error-item';
import { isDisplayOnly, kindOf } from '../fields/kinds';
import { trimText } from '../fields/text';
import { checkAddon, checkField } from './validate-field';
import { compileForm, type FormLike } from './compile';
import { pruneHidden, visibleFields, type FormValues } from './depends';
import { checkSwitch } from './lookup-switch';
import { permits } from '../permissions/document';
import { requiredNow } from './required-when';

export interface SubmissionResult {
  ok: boolean;
  errors: ErrorItem[];
  /** The payload to act on: only the document's visible, permitted fields, trimmed and typed. */
  value: FormValues;
}

export const VALIDATION_ERROR = 'VALIDATION_ERROR';
export const FORBIDDEN = 'FORBIDDEN';

export function validateSubmission(
  doc: FormLike,
  payload: unknown,
  ctx: { permissions: readonly string[]; warnings?: boolean },
): SubmissionResult {
  if ('permission' in doc && !permits(ctx.permissions, doc.permission)) {
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
    // The field kind's coercion: multipart and query strings typed, text trimmed.
    if (field.key in input) shaped[field.key] = kindOf(field).coerce(field, input[field.key]);
    if (field.addon && field.addon.key in input) shaped[field.addon.key] = trimText(input[field.addon.key]);
  }
  const scope = { fields };
  const value = pruneHidden(scope, shaped);
  const partial = 'partial' in doc && doc.partial === true && Object.keys(value).length > 0;
  const errors: ErrorItem[] = [];
  for (const field of visibleFields(scope, value)) {
    const required = requiredNow(field, value) && (!partial || field.key in value);
    const message =
      checkField(field, value[field.key], { warnings: ctx.warnings, required }) ?? checkSwitch(field, value);
    if (message) errors.push({ code: VALIDATION_ERROR, message, source: field.key });
    const addon = field.addon && checkAddon(field, value[field.addon.key]);
    if (addon) errors.push({ code: VALIDATION_ERROR, message: addon, source: field.addon!.key });
  }
  return { ok: errors.length === 0, errors, value };
}
