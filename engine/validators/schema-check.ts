// The JSON Schema keywords a field's schema uses (engine/schema/compile.ts
// fieldJsonSchema), checked by reading the schema: no code generation, so the
// browser needs no 'unsafe-eval' (Content-Security-Policy) and forms loaded at
// run time are checked the same way on the console and on the server. A
// property test holds it to ajv's verdicts.
import { fullFormats } from 'ajv-formats/dist/formats';
import type { JsonSchema } from '../fields/kinds';

export interface SchemaError {
  keyword: string;
  params: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'null':
      return value === null;
    default:
      return false;
  }
}

const patterns = new Map<string, RegExp>();
function regExp(pattern: string): RegExp {
  let compiled = patterns.get(pattern);
  if (!compiled) patterns.set(pattern, (compiled = new RegExp(pattern, 'u')));
  return compiled;
}

const emailFormat = fullFormats.email as RegExp;
/** Length in code points, as JSON Schema counts it. */
const length = (text: string) => [...text].length;

function stringError(schema: JsonSchema, value: string): SchemaError | undefined {
  if (typeof schema.maxLength === 'number' && length(value) > schema.maxLength)
    return { keyword: 'maxLength', params: { limit: schema.maxLength } };
  if (typeof schema.minLength === 'number' && length(value) < schema.minLength)
    return { keyword: 'minLength', params: { limit: schema.minLength } };
  if (typeof schema.pattern === 'string' && !regExp(schema.pattern).test(value))
    return { keyword: 'pattern', params: { pattern: schema.pattern } };
  if (schema.format === 'email' && !emailFormat.test(value)) return { keyword: 'format', params: { format: 'email' } };
  return undefined;
}

function numberError(schema: JsonSchema, value: number): SchemaError | undefined {
  if (typeof schema.maximum === 'number' && value > schema.maximum)
    return { keyword: 'maximum', params: { limit: schema.maximum } };
  if (typeof schema.minimum === 'number' && value < schema.minimum)
    return { keyword: 'minimum', params: { limit: schema.minimum } };
  return undefined;
}

function arrayError(schema: JsonSchema, value: unknown[]): SchemaError | undefined {
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
    return { keyword: 'maxItems', params: { limit: schema.maxItems } };
  if (
    schema.uniqueItems === true &&
    value.some((item, i) => value.slice(i + 1).some((other) => deepEqual(item, other)))
  )
    return { keyword: 'uniqueItems', params: {} };
  if (isObject(schema.items)) {
    for (const item of value) {
      const error = schemaError(schema.items, item);
      if (error) return error;
    }
  }
  return undefined;
}

function objectError(schema: JsonSchema, value: Record<string, unknown>): SchemaError | undefined {
  for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
    if (!(key in value)) return { keyword: 'required', params: { missingProperty: key } };
  }
  if (isObject(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties)) {
      if (!(key in value) || !isObject(property)) continue;
      const error = schemaError(property, value[key]);
      if (error) return error;
    }
  }
  return undefined;
}

/** The first violation of the value against the schema, or undefined when it is valid. */
export function schemaError(schema: JsonSchema, value: unknown): SchemaError | undefined {
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => hasType(type, value))) return { keyword: 'type', params: { type: schema.type } };
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEqual(option, value)))
    return { keyword: 'enum', params: { allowedValues: schema.enum } };
  if (typeof value === 'string') return stringError(schema, value);
  if (typeof value === 'number') return numberError(schema, value);
  if (Array.isArray(value)) return arrayError(schema, value);
  if (isObject(value)) return objectError(schema, value);
  return undefined;
}
