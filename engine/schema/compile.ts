// Compiles a form or prompt document to JSON Schema + uiSchema for @rjsf/core (forms spec §3).
// Memoised per document object and permission set; fields gated by a permission the
// user lacks are dropped. Visibility (depends) is NOT expressed as JSON Schema
// conditionals: the renderer and the server ask depends.ts, and `required` lists only
// the required fields without depends (a depends field is required while visible).
import { isDisplayOnly, kindOf, type FieldWidget, type JsonSchema } from '../fields/kinds';
import { permits } from '../permissions/document';
import type { FieldSchema, FormDocument, PromptDocument } from './types';

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

/** The JSON Schema of one field's value (its kind's). */
export function fieldJsonSchema(f: FieldSchema): JsonSchema {
  return kindOf(f).schema(f, f.label ? { title: f.label } : {});
}

function uiField(f: FieldSchema): UiField {
  const { key: _key, ...attributes } = f;
  const options: UiField['ui:options'] = { ...attributes };
  if (f.type === 'email' || f.type === 'url' || f.type === 'date') options.inputType = f.type;
  return { 'ui:widget': kindOf(f).widget, 'ui:options': options };
}

const memo = new WeakMap<FormLike, Map<string, CompiledForm>>();

/** Compiles a document for a permission set; the same document and permissions give the same object. */
export function compileForm(doc: FormLike, ctx: CompileContext): CompiledForm {
  const memoKey = [...new Set(ctx.permissions)].sort().join(',');
  let perDoc = memo.get(doc);
  if (!perDoc) memo.set(doc, (perDoc = new Map()));
  const hit = perDoc.get(memoKey);
  if (hit) return hit;

  const fields = doc.fields.filter((f) => permits(ctx.permissions, f.permission));
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
