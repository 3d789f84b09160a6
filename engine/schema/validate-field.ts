// One field's value against its document attributes: the field's JSON Schema
// (type, length, pattern, bounds, options, list and table shape, read by
// schema-check.ts without code generation), then the rules JSON Schema cannot say
// (step, registered validators, file rules, table cells). The renderer and the
// server call the same function, so both say the same message.
import { fieldJsonSchema } from './compile';
import { isDisplayOnly, kindOf, maxItemsOf, type JsonSchema } from '../fields/kinds';
import { isEmptyValue } from './depends';
import type { FieldSchema } from './types';
import { messages } from '../validators/messages';
import { validators } from '../validators/registry';
import { schemaError, type SchemaError } from '../validators/schema-check';

const schemas = new WeakMap<FieldSchema, JsonSchema>();

function schemaOf(field: FieldSchema): JsonSchema {
  let schema = schemas.get(field);
  if (!schema) schemas.set(field, (schema = fieldJsonSchema(field)));
  return schema;
}

function schemaMessage(field: FieldSchema, e: SchemaError): string {
  const { label, key } = field;
  const p = e.params as Record<string, number>;
  switch (e.keyword) {
    case 'minLength':
      return messages.minLength(label, key, p.limit);
    case 'maxLength':
      return messages.maxLength(label, key, p.limit);
    case 'minimum':
      return messages.min(label, key, p.limit);
    case 'maximum':
      return messages.max(label, key, p.limit);
    case 'maxItems':
      return messages.maxItems(label, key, p.limit);
    case 'uniqueItems':
      return messages.distinct(label, key);
    case 'enum':
      return messages.invalid(label, key);
    case 'pattern':
      return field.patternMessage ?? messages.format(label, key);
    case 'format':
      return (e.params as { format?: string }).format === 'email'
        ? messages.email(label, key)
        : messages.format(label, key);
    case 'type':
      return field.type === 'number' || field.list?.type === 'number'
        ? messages.number(label, key)
        : messages.format(label, key);
    default:
      return messages.format(label, key);
  }
}

function offStep(value: number, step: number, base: number): boolean {
  const q = (value - base) / step;
  return Math.abs(q - Math.round(q)) > 1e-9;
}

/**
 * The message for a field's addon value (a unit beside the input): one of its
 * static options when it has them; lookup and function options are the API's to check.
 */
export function checkAddon(field: FieldSchema, value: unknown): string | undefined {
  const addon = field.addon;
  if (!addon || !Array.isArray(addon.options) || value === undefined || value === null || value === '')
    return undefined;
  return addon.options.some((o) => String(o.value) === String(value))
    ? undefined
    : messages.invalid(undefined, addon.key);
}

export interface CheckOptions {
  warnings?: boolean;
  /** Whether the field is required now (`requiredNow`: required, or its requiredWhen rules hold); field.required otherwise. */
  required?: boolean;
}

/** The first message for this field's value, or undefined when it is valid. */
export function checkField(field: FieldSchema, value: unknown, opts: CheckOptions = {}): string | undefined {
  if (isDisplayOnly(field)) return undefined;
  const required = opts.required ?? field.required;
  if (isEmptyValue(value) || (field.type === 'checkbox' && required && value === (field.falseValue ?? false))) {
    return required ? messages.required(field.label, field.key) : undefined;
  }
  // The bound first: a collection over it is refused before any item is checked.
  const maxItems = maxItemsOf(field);
  if (maxItems !== undefined && Array.isArray(value) && value.length > maxItems) {
    return messages.maxItems(field.label, field.key, maxItems);
  }
  const own = kindOf(field).check?.(field, value, opts);
  if (own) return own;
  if (field.type === 'file') return undefined;
  const error = schemaError(schemaOf(field), value);
  if (error) return schemaMessage(field, error);
  if (field.step !== undefined && typeof value === 'number' && offStep(value, field.step, field.min ?? 0))
    return messages.step(field.label, field.key, field.step);
  for (const name of field.validate ?? []) {
    const run = validators[name];
    if (!run) throw new Error(`Unknown validator ${name} on field ${field.key}`);
    for (const item of Array.isArray(value) ? value : [value]) {
      const message = run(item, field.label, field.key);
      if (message) return message;
    }
  }
  return undefined;
}
