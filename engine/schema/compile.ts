// Compiles a form or prompt document to JSON Schema + uiSchema for @rjsf/core (forms spec §3).
// Memoised per document object and permission set; fields gated by a permission the
// user lacks are dropped. Visibility (depends) is NOT expressed as JSON Schema
// conditionals: the renderer and the server ask depends.ts, and `required` lists only
// the required fields without depends (a depends field is required while visible).
import { BATCH_SIZE, PARAMETER_LIMIT } from '../constants';
import { holdsPermission } from './permission';
import type { FieldSchema, FormDocument, PromptDocument } from './types';

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

export interface UiField {
  'ui:widget': FieldWidget;
  'ui:options': Omit<FieldSchema, 'key'> & { inputType?: string };
  'ui:title'?: string;
}

export type FormLike = FormDocument | PromptDocument;

export interface CompiledForm {
  schema: JsonSchema & { properties: Record<string, JsonSchema>; required: string[] };
  uiSchema: Record<string, UiField> & { 'ui:order': string[] };
  /** The fields the user may see (permission-gated ones dropped), in document order. */
  fields: FieldSchema[];
  /** Document-level options (everything except fields and $schema). */
  options: Omit<FormDocument, 'fields' | '$schema' | 'endpoint'> & {
    endpoint?: string;
    defaults: Record<string, unknown>;
  };
}

export interface CompileContext {
  permissions: readonly string[];
  /** Reserved for registered functions that need the user; does not change the compiled shape. */
  user?: unknown;
}

/** Fields that carry no value (display only). */
export const isDisplayOnly = (f: FieldSchema) => f.component === 'BaseAlert';

export function widgetOf(f: FieldSchema): FieldWidget {
  if (f.component) return f.component;
  if (f.type === 'hidden') return 'hidden';
  if (f.mask) return 'masked';
  switch (f.type) {
    case 'password':
    case 'textarea':
    case 'number':
    case 'checkbox':
    case 'radio':
    case 'select':
    case 'color':
    case 'file':
      return f.type;
    default:
      return f.options ? 'select' : 'text';
  }
}

function scalarType(values: unknown[]): string | undefined {
  if (values.length === 0) return undefined;
  if (values.every((v) => typeof v === 'number')) return 'number';
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  return undefined;
}

/** Patterns match the whole value, as the HTML pattern attribute does. */
export const anchored = (pattern: string) => `^(?:${pattern})$`;

function stringRules(f: FieldSchema, s: JsonSchema): JsonSchema {
  if (f.minlength !== undefined) s.minLength = f.minlength;
  if (f.maxlength !== undefined) s.maxLength = f.maxlength;
  if (f.pattern !== undefined) s.pattern = anchored(f.pattern);
  if (f.type === 'email') s.format = 'email';
  return s;
}

function listItemSchema(f: FieldSchema): JsonSchema {
  const o = f.list ?? {};
  if (o.type === 'number') {
    const s: JsonSchema = { type: 'number' };
    if (o.min !== undefined) s.minimum = o.min;
    if (o.max !== undefined) s.maximum = o.max;
    return s;
  }
  const s: JsonSchema = { type: 'string' };
  if (o.minItemLength !== undefined) s.minLength = o.minItemLength;
  if (o.maxItemLength !== undefined) s.maxLength = o.maxItemLength;
  if (o.pattern !== undefined) s.pattern = anchored(o.pattern);
  return s;
}

/** The JSON Schema of one field's value. */
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

export function fieldJsonSchema(f: FieldSchema): JsonSchema {
  const base: JsonSchema = f.label ? { title: f.label } : {};
  if (f.component === 'BaseAlert') return base;
  if (f.component === 'ListInput') {
    const s: JsonSchema = { ...base, type: 'array', items: listItemSchema(f), maxItems: maxItemsOf(f) };
    if (f.list?.uniqueItems) s.uniqueItems = true;
    return s;
  }
  if (f.component === 'TableInput' && f.table) {
    const properties: Record<string, JsonSchema> = {};
    for (const c of f.table.fields) {
      properties[c.key] = { type: 'string', title: c.title };
      if (c.pattern) properties[c.key].pattern = anchored(c.pattern);
      if (c.maxlength) properties[c.key].maxLength = c.maxlength;
    }
    const row = { type: 'object', properties, required: f.table.fields.filter((c) => c.required).map((c) => c.key) };
    return { ...base, type: 'array', items: row, maxItems: maxItemsOf(f) };
  }
  if (f.type === 'file') return base;
  if (f.type === 'number') {
    const s: JsonSchema = { ...base, type: 'number' };
    if (f.min !== undefined) s.minimum = f.min;
    if (f.max !== undefined) s.maximum = f.max;
    return s;
  }
  if (f.type === 'checkbox') {
    if (f.trueValue !== undefined || f.falseValue !== undefined)
      return { ...base, enum: [f.trueValue ?? true, f.falseValue ?? false] };
    return { ...base, type: 'boolean' };
  }
  if (Array.isArray(f.options)) {
    const values = f.options.map((o) => o.value);
    const item: JsonSchema = { enum: values };
    const t = scalarType(values);
    if (t) item.type = t;
    return f.multiple
      ? { ...base, type: 'array', items: item, uniqueItems: true, maxItems: maxItemsOf(f) }
      : { ...base, ...item };
  }
  if (f.options) {
    // Lookup or function options: ids may be numbers or strings.
    const item: JsonSchema = { type: ['string', 'number'] };
    return f.multiple ? { ...base, type: 'array', items: item, maxItems: maxItemsOf(f) } : { ...base, ...item };
  }
  return stringRules(f, { ...base, type: 'string' });
}

function uiField(f: FieldSchema): UiField {
  const { key: _key, ...attributes } = f;
  const options: UiField['ui:options'] = { ...attributes };
  if (f.type === 'email' || f.type === 'url' || f.type === 'date') options.inputType = f.type;
  return { 'ui:widget': widgetOf(f), 'ui:options': options };
}

const memo = new WeakMap<FormLike, Map<string, CompiledForm>>();

/** Compiles a document for a permission set; the same document and permissions give the same object. */
export function compileForm(doc: FormLike, ctx: CompileContext): CompiledForm {
  const memoKey = [...new Set(ctx.permissions)].sort().join(',');
  let perDoc = memo.get(doc);
  if (!perDoc) memo.set(doc, (perDoc = new Map()));
  const hit = perDoc.get(memoKey);
  if (hit) return hit;

  const fields = doc.fields.filter((f) => holdsPermission(ctx.permissions, f.permission));
  const properties: Record<string, JsonSchema> = {};
  const uiSchema = { 'ui:order': fields.map((f) => f.key) } as CompiledForm['uiSchema'];
  const defaults: Record<string, unknown> = {};
  const docDefaults = ('schema' in doc && doc.schema?.defaults) || {};
  for (const f of fields) {
    properties[f.key] = fieldJsonSchema(f);
    uiSchema[f.key] = uiField(f);
    const initial = f.key in docDefaults ? docDefaults[f.key] : f.default;
    if (initial !== undefined) {
      defaults[f.key] = initial;
      properties[f.key].default = initial;
    }
    if (f.addon?.default !== undefined) defaults[f.addon.key] = f.addon.default;
  }
  const required = fields.filter((f) => f.required && !f.depends && !isDisplayOnly(f)).map((f) => f.key);
  const { fields: _fields, $schema: _schema, ...rest } = doc as FormDocument;
  const compiled: CompiledForm = {
    schema: { type: 'object', properties, required },
    uiSchema,
    fields,
    options: { ...rest, method: rest.method ?? 'post', defaults },
  };
  perDoc.set(memoKey, compiled);
  return compiled;
}
