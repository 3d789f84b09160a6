// Field kinds, each defined once: the widget that renders it, the JSON Schema of
// its value, the value as submitted (coercion: text trimmed, numbers and
// booleans typed, lists and tables normalised) and the rules JSON Schema cannot
// say. compile() (the renderer's schema), the client check, the payload and the
// server's validateSubmission all ask the field's kind, so console and server
// cannot disagree about a value.
import { BATCH_SIZE, PARAMETER_LIMIT } from '../constants';
import type { FieldSchema } from '../schema/types';
import { checkFile, isFileLike } from './file';
import { checkRows, normaliseRows, type TableRow } from './table-input';
import { fieldText, trimText } from './text';
import { messages } from '../validators/messages';
import { decimalNumber } from '../validators/patterns';

export type FieldWidget =
  | 'text'
  | 'password'
  | 'textarea'
  | 'number'
  | 'checkbox'
  | 'radio'
  | 'select'
  | 'color'
  | 'file'
  | 'masked'
  | 'ItemSelect'
  | 'BaseAlert'
  | 'ListInput'
  | 'TableInput'
  | 'hidden';

export type JsonSchema = Record<string, unknown>;

/** A kind's own rule beyond its JSON Schema (after the collection bound): a message, or undefined. */
export type KindCheck = (field: FieldSchema, value: unknown, opts: { warnings?: boolean }) => string | undefined;

export interface FieldKind {
  widget: FieldWidget;
  /** Carries no value (display only): never submitted, never checked. */
  displayOnly?: boolean;
  /** The JSON Schema of the value (`base` holds the title). */
  schema(field: FieldSchema, base: JsonSchema): JsonSchema;
  /** The value as it is submitted and checked: what the client sends, what the server acts on. */
  coerce(field: FieldSchema, value: unknown): unknown;
  /** Runs before the JSON Schema check; a message stops it. */
  check?: KindCheck;
}

/** Patterns match the whole value, as the HTML pattern attribute does. */
export const anchored = (pattern: string) => `^(?:${pattern})$`;

/**
 * The most items a collection field holds: the document's own bound, else the
 * batch size (BATCH_SIZE) for lists and selections of records, and the
 * parameter limit (PARAMETER_LIMIT) for table rows; undefined for a single value.
 */
export function maxItemsOf(f: FieldSchema): number | undefined {
  if (f.component === 'ListInput') return f.list?.maxItems ?? BATCH_SIZE;
  if (f.component === 'TableInput') return f.table?.maxRows ?? PARAMETER_LIMIT;
  return f.multiple ? BATCH_SIZE : undefined;
}

function scalarType(values: unknown[]): string | undefined {
  if (values.length === 0) return undefined;
  if (values.every((v) => typeof v === 'number')) return 'number';
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  return undefined;
}

function stringSchema(f: FieldSchema, base: JsonSchema): JsonSchema {
  const s: JsonSchema = { ...base, type: 'string' };
  if (f.minlength !== undefined) s.minLength = f.minlength;
  if (f.maxlength !== undefined) s.maxLength = f.maxlength;
  if (f.pattern !== undefined) s.pattern = anchored(f.pattern);
  if (f.type === 'email') s.format = 'email';
  return s;
}

/** Static options give an enum; lookups and functions give ids (numbers or strings). */
function optionsSchema(f: FieldSchema, base: JsonSchema): JsonSchema {
  let item: JsonSchema = { type: ['string', 'number'] };
  if (Array.isArray(f.options)) {
    const values = f.options.map((o) => o.value);
    item = { enum: values };
    const t = scalarType(values);
    if (t) item.type = t;
  }
  if (!f.multiple) return { ...base, ...item };
  const list: JsonSchema = { ...base, type: 'array', items: item, maxItems: maxItemsOf(f) };
  if (Array.isArray(f.options)) list.uniqueItems = true;
  return list;
}

const trimmed = (_f: FieldSchema, value: unknown) =>
  Array.isArray(value) ? value.map((v) => trimText(v)) : trimText(value);
const asIs = (_f: FieldSchema, value: unknown) => value;
/** Typed text: no HTML tags or attributes (forms spec §5), trimmed. */
const textOf = (_f: FieldSchema, value: unknown) =>
  Array.isArray(value) ? value.map((v) => fieldText(v)) : fieldText(value);

/** Decimal text (as a number input writes it) becomes that number; other text stays, trimmed (0x10 is not 16). */
const asNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return decimalNumber(t) ?? t;
};

const BOOLEAN_TEXT: Record<string, boolean> = { true: true, '1': true, on: true, false: false, '0': false, off: false };

const text = (widget: FieldWidget, coerce = trimmed): FieldKind => ({ widget, schema: stringSchema, coerce });

const KINDS = {
  text: text('text', textOf),
  masked: text('masked'),
  textarea: text('textarea', textOf),
  hidden: text('hidden'),
  color: text('color'),
  password: { widget: 'password', schema: stringSchema, coerce: asIs },
  number: {
    widget: 'number',
    schema: (f, base) => {
      const s: JsonSchema = { ...base, type: 'number' };
      if (f.min !== undefined) s.minimum = f.min;
      if (f.max !== undefined) s.maximum = f.max;
      return s;
    },
    // Multipart and query values arrive as text: a number when they read as one.
    coerce: (_f, value) => (value === '' || (typeof value === 'string' && !value.trim()) ? undefined : asNumber(value)),
  },
  checkbox: {
    widget: 'checkbox',
    schema: (f, base) =>
      f.trueValue !== undefined || f.falseValue !== undefined
        ? { ...base, enum: [f.trueValue ?? true, f.falseValue ?? false] }
        : { ...base, type: 'boolean' },
    coerce: (f, value) => {
      if (typeof value !== 'string') return value;
      if (f.trueValue !== undefined && value === String(f.trueValue)) return f.trueValue;
      if (f.falseValue !== undefined && value === String(f.falseValue)) return f.falseValue;
      return f.trueValue === undefined && Object.hasOwn(BOOLEAN_TEXT, value) ? BOOLEAN_TEXT[value] : value;
    },
  },
  select: { widget: 'select', schema: optionsSchema, coerce: trimmed },
  radio: { widget: 'radio', schema: optionsSchema, coerce: trimmed },
  ItemSelect: { widget: 'ItemSelect', schema: optionsSchema, coerce: trimmed },
  file: {
    widget: 'file',
    schema: (_f, base) => base,
    coerce: asIs,
    check: (f, value, opts) => {
      if (!isFileLike(value)) return messages.format(f.label, f.key);
      const warnings = opts.warnings || f.warnings;
      return checkFile(value, { maxSize: f.maxSize, accept: f.accept, warnings, label: f.label }).error;
    },
  },
  ListInput: {
    widget: 'ListInput',
    schema: (f, base) => {
      const o = f.list ?? {};
      const item: JsonSchema =
        o.type === 'number'
          ? { type: 'number', minimum: o.min, maximum: o.max }
          : { type: 'string', minLength: o.minItemLength, maxLength: o.maxItemLength };
      if (o.type !== 'number' && o.pattern !== undefined) item.pattern = anchored(o.pattern);
      for (const k of Object.keys(item)) if (item[k] === undefined) delete item[k];
      const s: JsonSchema = { ...base, type: 'array', items: item, maxItems: maxItemsOf(f) };
      if (o.uniqueItems) s.uniqueItems = true;
      return s;
    },
    coerce: (f, value) => {
      if (!Array.isArray(value)) return value;
      const items = value.map((v) => trimText(v)).filter((v) => v !== '' && v != null);
      // Items that do not read as numbers stay text, so the check names them (NaN would travel as null).
      return f.list?.type === 'number' ? items.map(asNumber) : items;
    },
  },
  TableInput: {
    widget: 'TableInput',
    schema: (f, base) => {
      if (!f.table) return base;
      const properties: Record<string, JsonSchema> = {};
      for (const c of f.table.fields) {
        properties[c.key] = { type: 'string', title: c.title };
        if (c.pattern) properties[c.key].pattern = anchored(c.pattern);
        if (c.maxlength) properties[c.key].maxLength = c.maxlength;
      }
      const required = f.table.fields.filter((c) => c.required).map((c) => c.key);
      return { ...base, type: 'array', items: { type: 'object', properties, required }, maxItems: maxItemsOf(f) };
    },
    coerce: (f, value) => (f.table && Array.isArray(value) ? normaliseRows(f.table, value) : value),
    check: (f, value) =>
      f.table && Array.isArray(value) ? checkRows(f.table, value as TableRow[])[0]?.message : undefined,
  },
  BaseAlert: { widget: 'BaseAlert', displayOnly: true, schema: (_f, base) => base, coerce: asIs },
} satisfies Record<string, FieldKind>;

/** The kind of a field: its component, else its type (a mask makes a text masked; options a select). */
export function kindOf(f: FieldSchema): FieldKind {
  if (f.component) return KINDS[f.component];
  if (f.type === 'hidden') return KINDS.hidden;
  if (f.mask) return KINDS.masked;
  switch (f.type) {
    case 'password':
    case 'textarea':
    case 'number':
    case 'checkbox':
    case 'radio':
    case 'select':
    case 'color':
    case 'file':
      return KINDS[f.type];
    default:
      return f.options ? KINDS.select : KINDS.text;
  }
}

/** Fields that carry no value (display only). */
export const isDisplayOnly = (f: FieldSchema) => !!kindOf(f).displayOnly;
