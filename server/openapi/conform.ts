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
// of names as one comma-separated string). A whole record (wholeRecords:
// every record a GET operation answers) carries every field its schema
// lists: a field without a value, null or missing, is written as its empty
// value (emptyValue), so strict client models (pydantic, Go structs) find
// every field and no handler lists them; an answer whose caller chose its
// fields (`fields`) carries those only. A record's `updated_at` the schema
// does not list is written as its `created_at` (and a whole record's
// `created_at` it does not list as the OpenAPI's `created_at` schema), and a
// timestamp the schema marks only by an example written `Y-m-d H:i:s` is
// written that way. Every other timestamp whose format the schema does not
// give (a field beyond the schema, or a string it types without a format,
// pattern or dated example) is written in the format the OpenAPI gives that
// field's name (timestampFormats), `Y-m-d H:i:s` for a name of a moment
// (`_at`, `_date`, `_time`) it never types. The handlers keep one internal shape; the console reads both.

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

/**
 * The records answered with every field their schema lists, known or not (issue 29: strict client models): the
 * rows of the `data` list of a GET operation's 200 answer, and the `data` object of one that has an `id` or a
 * `created_at` (a stored record, or a list the OpenAPI types as one: the automation lists). One rule for every
 * resource rather than a list of names, so a resource served later is whole too. Not a `data` object of
 * figures (statistics, the highest and lowest value, a graph's series named by the parameter asked for), whose
 * properties are examples of what an answer may hold. Writes that answer the same schema (a created tag) are
 * whole by it too.
 */
export function wholeRecords(document: OpenApiNode): Set<OpenApiNode> {
  const records = new Set<OpenApiNode>();
  for (const operation of operations(document)) {
    if (operation.method !== 'GET') continue;
    const envelope = responseSchema(document, operation, 200);
    const data = deref(document, (envelope?.properties as OpenApiNode | undefined)?.data);
    const list = data?.type === 'array';
    const record = list ? deref(document, data.items) : data;
    const properties = (record?.properties ?? {}) as OpenApiNode;
    if (record && (list ? record.properties || record.allOf : 'id' in properties || 'created_at' in properties)) {
      records.add(record);
    }
  }
  return records;
}

/**
 * What a whole record answers for a field it has no value of: null where the schema admits it or no empty
 * value of its type exists (a number, a date or timestamp, also one the schema shows only by its example, an
 * address, a choice of names without ""), an empty list for a list, "" for text.
 */
export function emptyValue(schema: OpenApiNode): unknown {
  if (admitsNull(schema)) return null;
  if (schema.type === 'array') return [];
  const choices = schema.enum as unknown[] | undefined;
  const dated = typeof schema.example === 'string' && DATED_EXAMPLE.test(schema.example);
  const text = schema.type === 'string' && schema.format === undefined && schema.pattern === undefined && !dated;
  return text && (!choices || choices.includes('')) ? '' : null;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;
/** An example that is a date or timestamp (`Y-m-d`, `Y-m-d H:i:s`, some with spaces around it). */
const DATED_EXAMPLE = /^\s*\d{4}-\d{2}-\d{2}/;
/** An example written the vendor's way (`Y-m-d H:i:s`, some with spaces around it). */
const API_DATE_EXAMPLE = /^\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s*$/;

/**
 * Whether a string schema is a vendor timestamp: its pattern says `Y-m-d H:i:s`, or it has no pattern nor
 * format and its example is written that way (the credit's `assigned_at`, a code's `activated_at`).
 */
export function isApiDate(schema: OpenApiNode): boolean {
  if (schema.pattern === API_DATE_PATTERN) return true;
  const unmarked = schema.pattern === undefined && schema.format === undefined;
  return unmarked && typeof schema.example === 'string' && API_DATE_EXAMPLE.test(schema.example);
}
const same = (value: unknown) => value;

/** How a timestamp is written: the vendor's `Y-m-d H:i:s` (UTC), or ISO 8601 for a `date-time`. */
export type TimestampFormat = 'Y-m-d H:i:s' | 'date-time';

/** The writer of a timestamp format (a value that is no timestamp unchanged). */
const stampOf = (format: TimestampFormat) => (format === API_DATE_PATTERN ? apiTimestamp : isoTimestamp);

/**
 * The format the OpenAPI gives each property name it types as a timestamp somewhere (a `Y-m-d H:i:s` pattern or
 * example, or `format: date-time`), the format most of its schemas give (`Y-m-d H:i:s` on a tie): `created_at`
 * and `updated_at` are `Y-m-d H:i:s` (51 and 20 schemas against 11 and 4), `last_connection_at` and
 * `last_update_at` date-time (the device record's), `last_login_at` `Y-m-d H:i:s` (the signed-in user's).
 */
export function timestampFormats(document: OpenApiNode): Map<string, TimestampFormat> {
  const counts = new Map<string, { api: number; iso: number }>();
  const seen = new Set<object>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    const properties = (node as OpenApiNode).properties;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
      for (const [name, property] of Object.entries(properties as OpenApiNode)) {
        const schema = deref(document, property);
        if (!schema || typeof schema !== 'object') continue;
        const api = isApiDate(schema);
        if (!api && schema.format !== 'date-time') continue;
        const count = counts.get(name) ?? { api: 0, iso: 0 };
        if (api) count.api++;
        else count.iso++;
        counts.set(name, count);
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(document);
  return new Map([...counts].map(([name, { api, iso }]) => [name, iso > api ? 'date-time' : API_DATE_PATTERN]));
}

/** A field name that names a moment (`created_at`, `buy_date`, `gps_time`): one the OpenAPI never types is `Y-m-d H:i:s`. */
export const TIMESTAMP_NAME = /_(at|date|time)$/;

/** Whether a string schema leaves a timestamp's format open: no format, no pattern, no dated example. */
function unformatted(schema: OpenApiNode): boolean {
  if (schema.type !== undefined && schema.type !== 'string') return false;
  const dated = typeof schema.example === 'string' && DATED_EXAMPLE.test(schema.example);
  return schema.format === undefined && schema.pattern === undefined && !dated && !schema.enum;
}

/** Fields beyond every schema whose values are not the server's to reformat (a user's custom field values). */
const VERBATIM = new Set(['custom_fields']);

/**
 * How a schema writes a scalar (or a list of scalars for a string) as its JSON type; anything else unchanged.
 * Decided once per schema node: a list of devices applies it to every field of every row.
 */
function scalarOf(schema: OpenApiNode): (value: unknown) => unknown {
  const type = typeof schema.type === 'string' ? schema.type : undefined;
  if (type === 'string') {
    const stamp = isApiDate(schema) ? apiTimestamp : schema.format === 'date-time' ? isoTimestamp : same;
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
  /** Whether the schema lists it (not a `created_at` or `updated_at` written beyond it). */
  listed: boolean;
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
  /** A whole record's fields with their empty values, in the schema's order (none for another schema). */
  wholeFieldsOf(schema: OpenApiNode): readonly (readonly [string, unknown])[];
  /**
   * The shaper of a field no schema lists (our extensions): a timestamp is written in its name's format
   * (timestampFormat), and the objects and lists it holds are walked the same way.
   */
  beyondOf(name: string): Shaper;
  /** The format a timestamp the schema leaves open is written in, by its name (undefined: not a timestamp name). */
  timestampFormat(name: string): TimestampFormat | undefined;
}

/**
 * Shapes values by the schemas of one document. Each schema node is compiled once into a shaper (its `$ref`
 * chain resolved, its object shape with the allOf parts merged, each property's null rule and scalar writing
 * decided), so a response costs one pass over the value: a device list of 142 fields per row must not rework
 * the device schema per row or per field. `fill`: whether a whole record gets the fields its value lacks (not
 * for an answer whose caller chose its fields).
 */
export function conformer(document: OpenApiNode, fill = true): Conformer {
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

  const whole = wholeRecords(document);
  const createdAt = resolve({ $ref: '#/components/schemas/created_at' });
  const formats = timestampFormats(document);
  const timestampFormat = (name: string): TimestampFormat | undefined =>
    formats.get(name) ?? (TIMESTAMP_NAME.test(name) ? API_DATE_PATTERN : undefined);
  /** A string schema of a timestamp written in the format given. */
  const stampSchemas = new Map<TimestampFormat, OpenApiNode>([
    [API_DATE_PATTERN, { type: 'string', pattern: API_DATE_PATTERN }],
    ['date-time', { type: 'string', format: 'date-time' }],
  ]);
  const filled = fill ? whole : new Set<OpenApiNode>();
  const fieldsOf = (schema: OpenApiNode): Map<string, Field> => {
    const { properties, required } = shapeOf(schema);
    const isWhole = whole.has(schema);
    const fields = new Map<string, Field>();
    for (const [name, property] of properties) {
      if (!property) continue;
      const keepsNull = isWhole || admitsNull(property) || required.has(name);
      // A timestamp the schema types only as a string (an automation's `created_at`) is written in its name's
      // format; its empty value stays the schema's own.
      const format = unformatted(property) ? timestampFormat(name) : undefined;
      const shaping = format ? { ...property, ...stampSchemas.get(format) } : property;
      fields.set(name, { schema: shaping, keepsNull, empty: isWhole ? emptyValue(property) : null, listed: true });
    }
    // A record's `created_at` beyond its schema (a hotspot's) is written as the OpenAPI's own `created_at`
    // schema gives it; and the OpenAPI writes a record's `updated_at` as its `created_at` wherever it lists
    // both: a record that carries one beyond its schema (a company) writes it that way too, not in the stored
    // ISO 8601.
    if (isWhole && createdAt && !fields.has('created_at')) {
      fields.set('created_at', { schema: createdAt, keepsNull: true, empty: null, listed: false });
    }
    const created = fields.get('created_at');
    if (created && !fields.has('updated_at')) {
      fields.set('updated_at', { ...created, keepsNull: true, empty: null, listed: false });
    }
    return fields;
  };

  const wholeFieldsOf = (schema: OpenApiNode) =>
    filled.has(schema)
      ? [...shapeOf(schema).properties].flatMap(([name, property]) =>
          property ? [[name, emptyValue(property)] as const] : [],
        )
      : [];

  const shaperOf = (schema: OpenApiNode): Shaper => {
    let shaper = shapers.get(schema);
    if (!shaper) shapers.set(schema, (shaper = compile(schema)));
    return shaper;
  };

  const shape = (value: unknown, schema: OpenApiNode, depth: number): unknown =>
    depth > 12 || value === null || value === undefined ? value : shaperOf(schema)(value, depth);

  // Beyond the schemas: a timestamp by its name's format, the objects and lists inside walked the same way.
  const beyond = new Map<string, Shaper>();
  const walkBeyond: Shaper = (value, depth) => {
    if (depth > 12 || !value || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => walkBeyond(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      out[key] = item === null || item === undefined ? item : beyondOf(key)(item, depth + 1);
    }
    return out;
  };
  const beyondOf = (name: string): Shaper => {
    let shaper = beyond.get(name);
    if (!shaper) {
      const format = timestampFormat(name);
      const stamp = format && stampOf(format);
      shaper = VERBATIM.has(name)
        ? same
        : (value, depth) => (typeof value === 'string' ? (stamp ? stamp(value) : value) : walkBeyond(value, depth));
      beyond.set(name, shaper);
    }
    return shaper;
  };

  const compile = (schema: OpenApiNode): Shaper => {
    const scalar = scalarOf(schema);
    const items = schema.items;
    // Worked out on the first object met: a schema may contain itself.
    let fields: Map<string, Field> | undefined;
    let wholeFields: readonly (readonly [string, unknown])[] | undefined;
    return (value, depth) => {
      if (typeof value !== 'object' || (Array.isArray(value) && schema.type === 'string')) return scalar(value);
      wholeFields ??= wholeFieldsOf(schema);
      if (Array.isArray(value)) {
        if (items) return value.map((item) => conform(item, items, depth + 1));
        // A list where the OpenAPI types one record (the automation lists) is a list of such records.
        return whole.has(schema) ? value.map((item) => shape(item, schema, depth + 1)) : value;
      }
      fields ??= fieldsOf(schema);
      if (!fields.size) return value;
      const out: Record<string, unknown> = {};
      // The listed fields the value has: a row that has them all (a device row) is not searched for the others.
      let has = 0;
      for (const key in value) {
        const item = (value as Record<string, unknown>)[key];
        const field = fields.get(key);
        if (!field) out[key] = item === null || item === undefined ? item : beyondOf(key)(item, depth + 1);
        else if (item === null) {
          if (field.keepsNull) out[key] = field.empty;
          if (field.listed) has++;
        } else {
          out[key] = shape(item, field.schema, depth + 1);
          if (field.listed && item !== undefined) has++;
        }
      }
      if (has < wholeFields.length)
        for (const [name, empty] of wholeFields) if (out[name] === undefined) out[name] = empty;
      return out;
    };
  };

  /** A copy of `value` shaped by `node` (nulls left out where not allowed, vendor timestamps). */
  const conform = (value: unknown, node: unknown, depth = 0): unknown => {
    const schema = resolve(node);
    return schema ? shape(value, schema, depth) : value;
  };
  return Object.assign(conform, { resolve, fieldsOf, shaperOf, wholeFieldsOf, beyondOf, timestampFormat });
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

/**
 * The success status of each operation the OpenAPI gives one 2xx for ("POST /files" → 200), by route: an
 * operation that succeeds answers it (clients and generated SDKs match on the status the OpenAPI lists).
 */
type SuccessOf = (method: string, url: string | undefined) => number | undefined;

function successStatuses(document: OpenApiNode): SuccessOf {
  const byKey = new Map<string, number>();
  for (const operation of operations(document)) {
    const successes = Object.keys((operation.node.responses ?? {}) as OpenApiNode)
      .map(Number)
      .filter((status) => status >= 200 && status < 300);
    if (successes.length === 1) byKey.set(operation.key, successes[0]);
  }
  return (method, url) => (url?.startsWith('/api/') ? byKey.get(endpointKey(method, url)) : undefined);
}

/** The app's OpenAPI wire format: the conformers and the response schema of each route. */
export interface Conformance {
  conform: Conformer;
  /** The conformer of answers whose caller chose their fields (`fields`): a whole record keeps to those. */
  chosen: Conformer;
  schemaOf: SchemaOf;
  successOf: SuccessOf;
}

/** The conformer of a request's answer: whole records, unless it names the fields it wants. */
export function conformerOf(conformance: Conformance, query: unknown): Conformer {
  const fields = (query as Record<string, unknown> | undefined)?.fields;
  return fields === undefined || fields === '' ? conformance.conform : conformance.chosen;
}

declare module 'fastify' {
  interface FastifyInstance {
    conformance: Conformance;
  }
}

/** Shapes the responses of every route that is an OpenAPI operation (a route writing its own JSON text uses app.conformance). */
export function registerConformance(app: FastifyInstance, document: OpenApiNode): void {
  const conformance: Conformance = {
    conform: conformer(document),
    chosen: conformer(document, false),
    schemaOf: responseSchemas(document),
    successOf: successStatuses(document),
  };
  app.decorate('conformance', conformance);
  app.addHook('preSerialization', async (request, reply, payload) => {
    // A success answered with another 2xx than the one the OpenAPI lists (a 201 for its 200) is its listed one.
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      const success = conformance.successOf(request.method, request.routeOptions.url);
      if (success && success !== reply.statusCode) reply.code(success);
    }
    const schema = conformance.schemaOf(request.method, request.routeOptions.url, reply.statusCode);
    return schema ? conformerOf(conformance, request.query)(payload, schema) : payload;
  });
}
