// The property panel's model, read from the form meta-schema: each property of a field
// (or of the form itself) with its title and description, and the input that edits it,
// chosen by its JSON Schema (a boolean is a checkbox, an enum a select, a list of
// `depends` rules the rule builder, …) or by the list it names (permissions, options,
// registered functions). A property added to schemas/form.schema.json appears in the
// panel with no other change: under the field kinds it is known to matter for, or else
// among the field's further properties.
import formSchema from '../../schemas/form.schema.json';
import type { FieldSchema } from '../schema/types';

export type InputKind =
  | 'key'
  | 'label'
  | 'text'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'enum'
  | 'scalar'
  | 'strings'
  | 'permission'
  | 'options'
  | 'rules'
  | 'validators'
  | 'formatter'
  | 'function'
  | 'mask'
  | 'endpoint'
  | 'object'
  | 'json';

export interface JsonSchema {
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  minimum?: number;
}

export interface PropertyModel {
  name: string;
  title: string;
  description?: string;
  input: InputKind;
  schema: JsonSchema;
}

const defs = formSchema.$defs as unknown as Record<string, JsonSchema>;

/** A schema with its $ref followed (title and description of the referring schema win). */
export function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const target = defs[schema.$ref.replace('#/$defs/', '')] ?? {};
  const { $ref: _ref, ...own } = schema;
  return { ...resolve(target), ...own };
}

const humanised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/([a-z])([A-Z])/g, '$1 $2');

/** The input a property takes, by the list it names, else by its JSON Schema. */
function inputKind(name: string, schema: JsonSchema): InputKind {
  const ref = schema.$ref?.replace('#/$defs/', '');
  if (name === 'key' || name === 'label' || name === 'mask' || name === 'endpoint' || name === 'formatter') return name;
  if (name === 'validate') return 'validators';
  if (ref === 'permissionList') return 'permission';
  if (ref === 'optionsSource') return 'options';
  if (ref === 'functionRef') return 'function';
  if (ref === 'scalar') return 'scalar';
  if (schema.items?.$ref === '#/$defs/dependsRule') return 'rules';
  const resolved = resolve(schema);
  if (resolved.enum) return 'enum';
  if (resolved.type === 'boolean') return 'boolean';
  if (resolved.type === 'number') return 'number';
  if (resolved.type === 'integer') return 'integer';
  if (resolved.type === 'string') return 'text';
  if (resolved.type === 'array' && resolve(resolved.items ?? {}).type === 'string') return 'strings';
  if (resolved.type === 'object' && resolved.properties) return 'object';
  return 'json';
}

export function propertyModels(properties: Record<string, JsonSchema>, skip: readonly string[] = []): PropertyModel[] {
  return Object.entries(properties)
    .filter(([name]) => !skip.includes(name))
    .map(([name, schema]) => {
      const resolved = resolve(schema);
      return {
        name,
        title: resolved.title ?? humanised(name),
        description: resolved.description,
        input: inputKind(name, schema),
        schema: resolved,
      };
    });
}

const fieldProperties = propertyModels(defs.field!.properties!);

/** The form's own properties (its fields are the canvas; $schema and translations have views of their own). */
const formProperties = propertyModels((formSchema as unknown as JsonSchema).properties!, [
  '$schema',
  'fields',
  'translations',
]);
/** What the form shows first; the rest are its further properties. */
const FORM_MAIN = ['title', 'subtitle', 'description', 'endpoint', 'method', 'permission', 'item', 'verb', 'schema'];

export const FORM_PROPERTIES = {
  main: FORM_MAIN.flatMap((name) => formProperties.find((p) => p.name === name) ?? []),
  more: formProperties.filter((p) => !FORM_MAIN.includes(p.name)),
};

/** What every field shows first. */
const COMMON = ['key', 'label', 'type', 'component', 'required', 'requiredWhen', 'depends', 'placeholder', 'subtext'];
/** What matters for each kind of field, after the common ones. */
const BY_KIND: Record<string, readonly string[]> = {
  text: ['minlength', 'maxlength', 'pattern', 'patternMessage', 'mask', 'validate', 'formatter', 'default'],
  textarea: ['minlength', 'maxlength', 'pattern', 'patternMessage', 'default'],
  password: ['minlength', 'maxlength', 'pattern', 'patternMessage', 'generate', 'autocomplete'],
  email: ['maxlength', 'autocomplete', 'default'],
  url: ['maxlength', 'pattern', 'patternMessage', 'default'],
  number: ['min', 'max', 'step', 'default'],
  date: ['min', 'max', 'default'],
  color: ['default'],
  select: ['options', 'multiple', 'optionDescriptionBlock', 'default', 'onChange'],
  radio: ['options', 'optionDescriptionBlock', 'default', 'onChange'],
  checkbox: ['trueValue', 'falseValue', 'default', 'onChange'],
  file: ['accept', 'maxSize', 'warnings'],
  hidden: ['default'],
  ItemSelect: ['options', 'multiple', 'optionDescriptionBlock', 'onChange'],
  BaseAlert: ['text', 'variant', 'compute'],
  ListInput: ['list'],
  TableInput: ['table'],
};
/** Kinds whose field has no placeholder or required. */
const NOT_FOR: Record<string, readonly string[]> = {
  BaseAlert: ['required', 'requiredWhen', 'placeholder', 'subtext'],
  hidden: ['required', 'requiredWhen', 'placeholder', 'subtext'],
  checkbox: ['placeholder'],
  radio: ['placeholder'],
};

export const fieldKind = (field: Pick<FieldSchema, 'type' | 'component'>): string =>
  field.component ?? field.type ?? 'text';

/** A field's properties: those that matter for its kind first, then every other one the meta-schema has. */
export function fieldPropertyGroups(field: Pick<FieldSchema, 'type' | 'component'>): {
  main: PropertyModel[];
  more: PropertyModel[];
} {
  const kind = fieldKind(field);
  const skipped = NOT_FOR[kind] ?? [];
  const wanted = [...COMMON, ...(BY_KIND[kind] ?? [])].filter((name) => !skipped.includes(name));
  const byName = new Map(fieldProperties.map((p) => [p.name, p]));
  const main = wanted.flatMap((name) => byName.get(name) ?? []);
  return { main, more: fieldProperties.filter((p) => !wanted.includes(p.name)) };
}
