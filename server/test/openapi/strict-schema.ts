import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { deref, emptyValue, responseSchema, WHOLE_RECORDS } from '../../openapi/conform';
import type { OpenApiNode, Operation } from '../../openapi/document';

// The OpenAPI's response schemas as strict JSON Schema for ajv: `nullable`
// and the vendor's "string|null" type strings become type lists (a property
// not marked nullable must not be null), the vendor's PHP date format written
// as a pattern ("Y-m-d H:i:s") becomes the regular expression it means (where
// the vendor writes both that pattern and `format: date-time`, which no value
// can satisfy together, the pattern wins), and local $refs point into the
// registered document. A whole record (WHOLE_RECORDS: the device record)
// must carry every field its schema lists; one without a value is its empty
// value, null where its type has none (emptyValue: a number, a date-time).

/** A whole record's schema: every property required, null admitted where the property's empty value is null. */
function whole(schema: OpenApiNode): OpenApiNode {
  const properties = schema.properties as Record<string, OpenApiNode>;
  for (const property of Object.values(properties)) if (emptyValue(property) === null) property.nullable = true;
  return { ...schema, required: Object.keys(properties) };
}

export const API_DATE_REGEX = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';
const DOCUMENT_ID = 'rms';

function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (!node || typeof node !== 'object') return node;
  const source = node as OpenApiNode;
  const out: OpenApiNode = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable') continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) out.$ref = DOCUMENT_ID + value;
    else if (key === 'pattern' && value === 'Y-m-d H:i:s') out.pattern = API_DATE_REGEX;
    else if (key === 'format' && value === 'date-time' && source.pattern === 'Y-m-d H:i:s') continue;
    else out[key] = strict(value);
  }
  let type = source.type as string | string[] | undefined;
  if (typeof type === 'string' && type.includes('|')) type = type.split('|');
  if (type && source.nullable === true) type = [...new Set([...[type].flat(), 'null'])];
  if (type) out.type = type;
  if (Array.isArray(out.enum) && Array.isArray(type) && type.includes('null')) out.enum = [...out.enum, null];
  return out;
}

/** A vendor schema defect mended before the check: it gets the response key ("GET /vpn/hubs 200") and the schema. */
export type SchemaMend = (key: string, schema: OpenApiNode) => OpenApiNode;

/** Validators of the response schemas of one document, compiled on first use. */
export function strictValidator(document: OpenApiNode, mend: SchemaMend = (_key, schema) => schema) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const format of ['float', 'double', 'int32', 'int64', 'binary', 'password', 'byte']) ajv.addFormat(format, true);
  const registered = structuredClone(document);
  const schemas = (registered.components as OpenApiNode).schemas as Record<string, OpenApiNode>;
  for (const name of WHOLE_RECORDS) schemas[name] = whole(schemas[name]);
  ajv.addSchema(strict(registered) as OpenApiNode, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction | null>();
  return (operation: Operation, status: number): ValidateFunction | null => {
    const key = `${operation.key} ${status}`;
    if (!compiled.has(key)) {
      const schema = responseSchema(document, operation, status);
      compiled.set(key, schema ? ajv.compile(strict(mend(key, structuredClone(schema))) as OpenApiNode) : null);
    }
    return compiled.get(key)!;
  };
}

/** A value for a required query parameter: its example, default or first enum value. */
export function parameterValue(document: OpenApiNode, parameter: unknown): [string, string] | null {
  const p = deref(document, parameter);
  if (!p || p.in !== 'query' || !p.required) return null;
  const schema = deref(document, p.schema) ?? {};
  const value = p.example ?? schema.example ?? schema.default ?? (schema.enum as unknown[] | undefined)?.[0];
  // The vendor gives the date pattern as the schema's pattern, or only in the description ("Pattern: Y-m-d H:i:s").
  const dated = schema.pattern === 'Y-m-d H:i:s' || String(p.description ?? '').includes('Pattern: Y-m-d H:i:s');
  if (value === 'Y-m-d H:i:s' || dated) return [String(p.name), '2026-01-01 00:00:00'];
  return [String(p.name), String(value ?? '1')];
}
