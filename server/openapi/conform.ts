import type { FastifyInstance } from 'fastify';
import { endpointKey } from '../../engine/contract/endpoint';
import { operations, type OpenApiNode, type Operation } from './document';

// The wire format the OpenAPI's way, for every route that is one of its
// operations: before a response is serialised it is shaped by the response
// schema of its status. A null in a property the OpenAPI does not mark
// nullable is left out (unless the property is required), a timestamp whose
// schema pattern is the vendor's `Y-m-d H:i:s` is written that way in UTC
// (and one whose format is date-time as ISO 8601), and a scalar of another
// JSON type than the schema's is written as its type (1 as "1" for a
// string, "1" as 1 for an integer, 0/1 as false/true for a boolean, a list
// of names as one comma-separated string). A whole record (WHOLE_RECORDS)
// keeps every field: a null is written as the field's empty value
// (emptyValue). A record's `updated_at` the schema does not list is written
// as its `created_at`. The handlers keep one internal shape; the console
// reads both.

export const API_DATE_PATTERN = 'Y-m-d H:i:s';
const ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?(?:Z|[+-]00:?00)$/;
const PLAIN = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/;

/** An ISO 8601 UTC timestamp as `Y-m-d H:i:s`; anything else unchanged. */
export function apiTimestamp(value: string): string {
  const match = ISO.exec(value);
  return match ? `${match[1]} ${match[2]}` : value;
}

/** A `Y-m-d H:i:s` (UTC) timestamp as ISO 8601; anything else unchanged. */
export function isoTimestamp(value: string): string {
  const match = PLAIN.exec(value);
  return match ? `${match[1]}T${match[2]}Z` : value;
}

/** The OpenAPI's name of the device record (GET /devices, GET /devices/{id}). */
export const DEVICE_RECORD_SCHEMA = 'device_body';
/** The records answered with every field their schema lists, known or not (issue 29: strict client models). */
export const WHOLE_RECORDS = [DEVICE_RECORD_SCHEMA];

/**
 * What a whole record answers for a field it has no value of: null where the schema admits it or no empty
 * value of its type exists (a number, a date-time, an address), an empty list for a list, "" for text.
 */
export function emptyValue(schema: OpenApiNode): unknown {
  if (admitsNull(schema)) return null;
  if (schema.type === 'array') return [];
  if (schema.type === 'string' && schema.format === undefined && schema.pattern === undefined) return '';
  return null;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;
const same = (value: unknown) => value;

/**
 * How a schema writes a scalar (or a list of scalars for a string) as its JSON type; anything else unchanged.
 * Decided once per schema node: a list of devices applies it to every field of every row.
 */
function scalarOf(schema: OpenApiNode): (value: unknown) => unknown {
  const type = typeof schema.type === 'string' ? schema.type : undefined;
  if (type === 'string') {
    const stamp =
      schema.pattern === API_DATE_PATTERN ? apiTimestamp : schema.format === 'date-time' ? isoTimestamp : same;
    return (value) => {
      if (typeof value === 'string') return stamp(value);
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
        return value.join(', ');
      }
      return value;
    };
  }
  if (type === 'integer' || type === 'number') {
    return (value) => (typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value);
  }
  if (type === 'boolean') {
    return (value) => (value === 0 || value === 1 || value === '0' || value === '1' ? Number(value) === 1 : value);
  }
  return same;
}

/** Resolves a local `$ref` (and chains of them) in the document. */
export function deref(document: OpenApiNode, node: unknown): OpenApiNode | undefined {
  let current = node;
  for (let hops = 0; hops < 20 && current && typeof current === 'object'; hops++) {
    const ref = (current as OpenApiNode).$ref;
    if (typeof ref !== 'string') return current as OpenApiNode;
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (at, part) => (at as OpenApiNode | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')],
        document,
      );
  }
  return undefined;
}

/** Whether a schema admits null: `nullable: true`, or a vendor type list such as "string|null". */
export function admitsNull(schema: OpenApiNode): boolean {
  const type = schema.type;
  return schema.nullable === true || (typeof type === 'string' && type.split('|').includes('null'));
}

/** The JSON response schema of an operation for a status, if the OpenAPI gives one. */
export function responseSchema(document: OpenApiNode, operation: Operation, status: number) {
  const responses = (operation.node.responses ?? {}) as OpenApiNode;
  const response = deref(document, responses[String(status)]);
  const content = (response?.content as OpenApiNode | undefined)?.['application/json'] as OpenApiNode | undefined;
  return deref(document, content?.schema);
}

interface ObjectShape {
  /** Each property's schema, `$ref`s resolved. */
  properties: Map<string, OpenApiNode | undefined>;
  required: Set<string>;
}

/** A property of an object schema, as the shaper of its object uses it. */
export interface Field {
  schema: OpenApiNode;
  /** Whether a null stays (the property is nullable or required, or its record is whole) rather than being left out. */
  keepsNull: boolean;
  /** What a null is written as when it stays: null, or a whole record's empty value of the field (emptyValue). */
  empty: unknown;
}

/** Shapes a non-null value by one schema node, at a nesting depth. */
export type Shaper = (value: unknown, depth: number) => unknown;

/** Shapes values by the schemas of one document; its compiled parts serve writers of the same shape (list-writer.ts). */
export interface Conformer {
  /** A copy of `value` shaped by `node` (nulls left out where not allowed, vendor timestamps). */
  (value: unknown, node: unknown, depth?: number): unknown;
  /** A schema node with its `$ref` chain resolved. */
  resolve(node: unknown): OpenApiNode | undefined;
  /** The properties of an object schema (allOf parts merged), each with its null rule. */
  fieldsOf(schema: OpenApiNode): ReadonlyMap<string, Field>;
  /** The compiled shaper of a schema node. */
  shaperOf(schema: OpenApiNode): Shaper;
}

/**
 * Shapes values by the schemas of one document. Each schema node is compiled once into a shaper (its `$ref`
 * chain resolved, its object shape with the allOf parts merged, each property's null rule and scalar writing
 * decided), so a response costs one pass over the value: a device list of 142 fields per row must not rework
 * the device schema per row or per field.
 */
export function conformer(document: OpenApiNode): Conformer {
  const resolved = new WeakMap<object, OpenApiNode | null>();
  const shapes = new WeakMap<OpenApiNode, ObjectShape>();
  const shapers = new WeakMap<OpenApiNode, Shaper>();

  const resolve = (node: unknown): OpenApiNode | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    let schema = resolved.get(node);
    if (schema === undefined) {
      schema = deref(document, node) ?? null;
      resolved.set(node, schema);
    }
    return schema ?? undefined;
  };

  const shapeOf = (schema: OpenApiNode): ObjectShape => {
    let shape = shapes.get(schema);
    if (shape) return shape;
    shape = { properties: new Map(), required: new Set((schema.required as string[] | undefined) ?? []) };
    for (const part of (schema.allOf as unknown[] | undefined) ?? []) {
      const inner = resolve(part);
      if (!inner) continue;
      const innerShape = shapeOf(inner);
      for (const [name, property] of innerShape.properties) shape.properties.set(name, property);
      for (const name of innerShape.required) shape.required.add(name);
    }
    for (const [name, property] of Object.entries((schema.properties as OpenApiNode | undefined) ?? {})) {
      shape.properties.set(name, resolve(property));
    }
    shapes.set(schema, shape);
    return shape;
  };

  const whole = new Set(WHOLE_RECORDS.map((name) => resolve({ $ref: `#/components/schemas/${name}` })));
  const fieldsOf = (schema: OpenApiNode): Map<string, Field> => {
    const { properties, required } = shapeOf(schema);
    const isWhole = whole.has(schema);
    const fields = new Map<string, Field>();
    for (const [name, property] of properties) {
      if (!property) continue;
      const keepsNull = isWhole || admitsNull(property) || required.has(name);
      fields.set(name, { schema: property, keepsNull, empty: isWhole ? emptyValue(property) : null });
    }
    // The OpenAPI writes a record's `updated_at` as its `created_at` wherever it lists both: a record that
    // carries one beyond its schema (a company) writes it that way too, not in the stored ISO 8601.
    const created = fields.get('created_at');
    if (created && !fields.has('updated_at')) fields.set('updated_at', { ...created, keepsNull: true, empty: null });
    return fields;
  };

  const shaperOf = (schema: OpenApiNode): Shaper => {
    let shaper = shapers.get(schema);
    if (!shaper) shapers.set(schema, (shaper = compile(schema)));
    return shaper;
  };

  const shape = (value: unknown, schema: OpenApiNode, depth: number): unknown =>
    depth > 12 || value === null || value === undefined ? value : shaperOf(schema)(value, depth);

  const compile = (schema: OpenApiNode): Shaper => {
    const scalar = scalarOf(schema);
    const items = schema.items;
    // Worked out on the first object met: a schema may contain itself.
    let fields: Map<string, Field> | undefined;
    return (value, depth) => {
      if (typeof value !== 'object' || (Array.isArray(value) && schema.type === 'string')) return scalar(value);
      if (Array.isArray(value)) return items ? value.map((item) => conform(item, items, depth + 1)) : value;
      fields ??= fieldsOf(schema);
      if (!fields.size) return value;
      const out: Record<string, unknown> = {};
      for (const key in value) {
        const item = (value as Record<string, unknown>)[key];
        const field = fields.get(key);
        if (!field) out[key] = item;
        else if (item === null) {
          if (field.keepsNull) out[key] = field.empty;
        } else out[key] = shape(item, field.schema, depth + 1);
      }
      return out;
    };
  };

  /** A copy of `value` shaped by `node` (nulls left out where not allowed, vendor timestamps). */
  const conform = (value: unknown, node: unknown, depth = 0): unknown => {
    const schema = resolve(node);
    return schema ? shape(value, schema, depth) : value;
  };
  return Object.assign(conform, { resolve, fieldsOf, shaperOf });
}

/** The JSON response schema of the operation a route is, for a status (undefined: not an operation, or none given). */
type SchemaOf = (method: string, url: string | undefined, status: number) => OpenApiNode | undefined;

function responseSchemas(document: OpenApiNode): SchemaOf {
  const byKey = new Map(operations(document).map((operation) => [operation.key, operation]));
  const schemas = new Map<string, OpenApiNode | undefined>();
  return (method, url, status) => {
    if (!url?.startsWith('/api/')) return undefined;
    const at = `${method} ${url} ${status}`;
    if (!schemas.has(at)) {
      const operation = byKey.get(endpointKey(method, url));
      schemas.set(at, operation && responseSchema(document, operation, status));
    }
    return schemas.get(at);
  };
}

/** The app's OpenAPI wire format: the conformer and the response schema of each route. */
export interface Conformance {
  conform: Conformer;
  schemaOf: SchemaOf;
}

declare module 'fastify' {
  interface FastifyInstance {
    conformance: Conformance;
  }
}

/** Shapes the responses of every route that is an OpenAPI operation (a route writing its own JSON text uses app.conformance). */
export function registerConformance(app: FastifyInstance, document: OpenApiNode): void {
  const conformance: Conformance = { conform: conformer(document), schemaOf: responseSchemas(document) };
  app.decorate('conformance', conformance);
  app.addHook('preSerialization', async (request, reply, payload) => {
    const schema = conformance.schemaOf(request.method, request.routeOptions.url, reply.statusCode);
    return schema ? conformance.conform(payload, schema) : payload;
  });
}
