import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { deref, emptyValue, responseSchema, wholeRecords } from '../../openapi/conform';
import type { OpenApiNode, Operation } from '../../openapi/document';

// The OpenAPI's response schemas as strict JSON Schema for ajv: `nullable`
// and the vendor's "string|null" type strings become type lists (a property
// not marked nullable must not be null), the vendor's PHP date format written
// as a pattern ("Y-m-d H:i:s") becomes the regular expression it means (where
// the vendor writes both that pattern and `format: date-time`, which no value
// can satisfy together, the pattern wins), and local $refs point into the
// registered document. A whole record (wholeRecords: every record a GET
// operation answers, and the rows of a mended list) must carry every field
// its schema lists; one without a value is its empty value, null where its
// type has none (emptyValue: a number, a date-time).

/** Makes a record schema whole, in place: every property required, null admitted where its empty value is null. */
function makeWhole(document: OpenApiNode, schema: OpenApiNode): void {
  const properties = (schema.properties ?? {}) as Record<string, OpenApiNode>;
  for (const [name, property] of Object.entries(properties)) {
    if (emptyValue(deref(document, property) ?? {}) !== null) continue;
    // A $ref takes no `nullable` beside it: the null is admitted beside the referenced schema.
    if (typeof property.$ref === 'string') properties[name] = { anyOf: [property, { type: 'null' }] };
    else property.nullable = true;
  }
  schema.required = Object.keys(properties);
}

/** Makes the rows of a GET answer's list whole where the answer holds them inline (a mended list), in place. */
function wholeAnswer(document: OpenApiNode, answer: OpenApiNode): void {
  const data = (answer.properties as Record<string, OpenApiNode> | undefined)?.data;
  const row = data?.type === 'array' ? (data.items as OpenApiNode | undefined) : undefined;
  if (row && row.$ref === undefined && row.properties) makeWhole(document, row);
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
  // A `properties` map's property named `type` is a schema (stricted above), not a JSON type.
  let type =
    typeof source.type === 'string' || Array.isArray(source.type) ? (source.type as string | string[]) : undefined;
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
  for (const record of wholeRecords(registered)) makeWhole(registered, record);
  ajv.addSchema(strict(registered) as OpenApiNode, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction | null>();
  return (operation: Operation, status: number): ValidateFunction | null => {
    const key = `${operation.key} ${status}`;
    if (!compiled.has(key)) {
      const schema = responseSchema(document, operation, status);
      const answer = schema && mend(key, structuredClone(schema));
      if (answer && operation.method === 'GET' && status === 200) wholeAnswer(registered, answer);
      compiled.set(key, answer ? ajv.compile(strict(answer) as OpenApiNode) : null);
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
