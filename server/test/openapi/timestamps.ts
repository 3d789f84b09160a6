import {
  API_DATE_PATTERN,
  TIMESTAMP_NAME,
  deref,
  isApiDate,
  timestampFormats,
  type TimestampFormat,
} from '../../openapi/conform';
import type { OpenApiNode } from '../../openapi/document';

// The timestamps of an answer, each checked against the one format its field
// has (issue 29, item 6): the format its schema gives (a `Y-m-d H:i:s`
// pattern or example, or `format: date-time`); for a field the schema does
// not list or types only as a string, the format the OpenAPI gives the
// field's name (docs/api-compatibility.md, "Timestamps"); a record's
// `updated_at` beyond its schema as its `created_at`. A timestamp in a field
// that has no format by these rules is wrong too: every timestamp has one.

const API = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
/** A value written as a timestamp, either way. */
const STAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/;
const DATED_EXAMPLE = /^\s*\d{4}-\d{2}-\d{2}/;

/** The properties of an object schema, allOf parts merged, $refs resolved (the OpenAPI's own, unshaped). */
function propertiesOf(document: OpenApiNode, schema: OpenApiNode | undefined): Map<string, OpenApiNode> {
  const out = new Map<string, OpenApiNode>();
  if (!schema) return out;
  for (const part of (schema.allOf as unknown[] | undefined) ?? []) {
    for (const [name, property] of propertiesOf(document, deref(document, part))) out.set(name, property);
  }
  for (const [name, property] of Object.entries((schema.properties as OpenApiNode | undefined) ?? {})) {
    const resolved = deref(document, property);
    if (resolved) out.set(name, resolved);
  }
  return out;
}

/** The format a schema gives a timestamp (undefined: none). */
function formatOf(schema: OpenApiNode): TimestampFormat | undefined {
  if (isApiDate(schema)) return API_DATE_PATTERN;
  if (schema.format === 'date-time') return 'date-time';
  return undefined;
}

/** Checks every timestamp of answers of one document; `check` answers what is wrong, one line each. */
export function timestampChecker(document: OpenApiNode) {
  const byName = timestampFormats(document);
  const named = (name: string): TimestampFormat | undefined =>
    byName.get(name) ?? (TIMESTAMP_NAME.test(name) ? API_DATE_PATTERN : undefined);

  const walk = (value: unknown, schema: OpenApiNode | undefined, path: string, out: string[]): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      // A list where the OpenAPI types one record (the automation lists) holds such records.
      const items = schema?.items ? deref(document, schema.items) : schema;
      value.forEach((item, i) => walk(item, items, `${path}[${i}]`, out));
      return;
    }
    const properties = propertiesOf(document, schema);
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'custom_fields') continue;
      const property = properties.get(key);
      if (typeof item !== 'string') {
        walk(item, property, `${path}.${key}`, out);
        continue;
      }
      let format = property && formatOf(property);
      if (!format && key === 'updated_at' && !property) {
        const created = properties.get('created_at');
        format = (created && formatOf(created)) ?? named('created_at');
      }
      const untyped = !property || (property.type === 'string' && !property.enum && !property.pattern);
      const dated = typeof property?.example === 'string' && DATED_EXAMPLE.test(property.example);
      if (!format && untyped && !dated && property?.format === undefined) format = named(key);
      if (!format) {
        if (STAMP.test(item)) out.push(`${path}.${key}: ${item} is a timestamp in a field of no timestamp format`);
        continue;
      }
      const pattern = format === API_DATE_PATTERN ? API : ISO;
      if (!pattern.test(item) && STAMP.test(item)) out.push(`${path}.${key}: ${item} is not ${format}`);
    }
  };

  return (answer: unknown, schema: OpenApiNode | undefined, where: string): string[] => {
    const out: string[] = [];
    walk(answer, schema, where, out);
    return out;
  };
}
