// Conditional required (`requiredWhen`): a field is required while every one of
// its rules holds. The rules are `depends` rules, read by the same ruleHolds, on
// the values as the server receives them (trimmed, typed, hidden fields
// dropped): the console's check before submit and the server's
// validateSubmission both ask this module, so they give the same verdict.
import { kindOf } from '../fields/kinds';
import { trimText } from '../fields/text';
import { ruleHolds, type FormValues } from './depends';
import type { FieldSchema } from './types';

/** Whether the field must have a value for these (typed, visible) values. */
export function requiredNow(field: FieldSchema, values: FormValues): boolean {
  if (field.required) return true;
  return field.requiredWhen !== undefined && field.requiredWhen.every((rule) => ruleHolds(rule, values));
}

/** The values of these fields (and their addons) as the server receives them: typed by kind, text trimmed. */
export function typedValues(fields: readonly FieldSchema[], values: FormValues): FormValues {
  const typed: FormValues = {};
  for (const field of fields) {
    if (values[field.key] !== undefined) typed[field.key] = kindOf(field).coerce(field, values[field.key]);
    if (field.addon && values[field.addon.key] !== undefined)
      typed[field.addon.key] = trimText(values[field.addon.key]);
  }
  return typed;
}
