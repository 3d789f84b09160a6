// One field's value against its document attributes: the field's JSON Schema
// (type, length, pattern, bounds, options, list and table shape, read by
// schema-check.ts without code generation), then the rules JSON Schema cannot say
// (step, registered validators, file rules, table cells). The renderer and the
// server call the same function, so both say the same message.
import { fieldJsonSchema, isDisplayOnly, maxItemsOf, type JsonSchema } from '../schema/compile';
import { isEmptyValue } from '../schema/depends';
import type { FieldSchema } from '../schema/types';
import { checkFile, isFileLike } from '../fields/file';
import { checkRows, type TableRow } from '../fields/table-input';
import { messages } from './messages';
import { validators } from './registry';
import { schemaError, type SchemaError } from './schema-check';

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

/** The first message for this field's value, or undefined when it is valid. */
export function checkField(field: FieldSchema, value: unknown, opts: { warnings?: boolean } = {}): string | undefined {
  if (isDisplayOnly(field)) return undefined;
  if (isEmptyValue(value) || (field.type === 'checkbox' && field.required && value === (field.falseValue ?? false))) {
    return field.required ? messages.required(field.label, field.key) : undefined;
  }
  if (field.type === 'file') {
    if (!isFileLike(value)) return messages.format(field.label, field.key);
    return checkFile(value, {
      maxSize: field.maxSize,
      accept: field.accept,
      warnings: opts.warnings,
      label: field.label,
    }).error;
  }
  // The bound first: a collection over it is refused before any item is checked.
  const maxItems = maxItemsOf(field);
  if (maxItems !== undefined && Array.isArray(value) && value.length > maxItems) {
    return messages.maxItems(field.label, field.key, maxItems);
  }
  if (field.component === 'TableInput' && field.table && Array.isArray(value)) {
    const cell = checkRows(field.table, value as TableRow[])[0];
    if (cell) return cell.message;
  }
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
