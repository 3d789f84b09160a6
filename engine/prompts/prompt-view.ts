import { kindOf } from '../fields/kinds';
import { currentLanguage, t } from '../i18n/i18n';
import { documentTranslator, translateField } from '../schema/translate-form';
import type { FieldSchema, PromptDocument } from '../schema/types';
import { checkField } from '../schema/validate-field';
import { requiredNow } from '../schema/required-when';
import { CANCEL_TEXT, CONFIRM_TEXT } from './confirm';

// A prompt document (schemas/prompts/*.json) as the dialog shows it: title,
// subtitle, description, every field, confirmText/cancelText, its texts in the
// interface language — the document's own `translations` first, then the
// catalogue (as form documents are). The prompt's values are trimmed
// (text kinds) and checked with the fields' own rules.

export interface PromptView {
  title: string;
  subtitle?: string;
  description?: string;
  fields: FieldSchema[];
  confirmText: string;
  cancelText: string;
  endpoint?: string;
  method: string;
}

export type PromptValues = Record<string, unknown>;

export function promptView(doc: PromptDocument): PromptView {
  const tr = documentTranslator(doc, currentLanguage(), t);
  const translated = (text: string | undefined) => (text === undefined ? undefined : tr(text));
  return {
    title: tr(doc.title),
    subtitle: translated(doc.subtitle),
    description: translated(doc.description),
    fields: doc.fields.map((field) => translateField(field, tr)),
    confirmText: tr(doc.confirmText ?? CONFIRM_TEXT),
    cancelText: tr(doc.cancelText ?? CANCEL_TEXT),
    endpoint: doc.endpoint,
    method: doc.method ?? 'post',
  };
}

/** The values to send, coerced by each field's kind (text trimmed, passwords untouched). */
export function promptValues(view: Pick<PromptView, 'fields'>, raw: PromptValues): PromptValues {
  return Object.fromEntries(
    view.fields.map((field) => {
      const value = raw[field.key];
      return [field.key, kindOf(field).coerce(field, value)];
    }),
  );
}

/** The first message per field for the (trimmed) values; empty when the prompt may be confirmed. */
export function checkPrompt(view: Pick<PromptView, 'fields'>, raw: PromptValues): Record<string, string> {
  const values = promptValues(view, raw);
  const errors: Record<string, string> = {};
  for (const field of view.fields) {
    const message = checkField(field, values[field.key], { required: requiredNow(field, values) });
    if (message) errors[field.key] = message;
  }
  return errors;
}
