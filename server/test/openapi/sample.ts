import { deref } from '../../openapi/conform';
import { loadDocument, type OpenApiNode, type Operation } from '../../openapi/document';

// Request bodies built from the OpenAPI's request schemas, as an RMS API
// client written from the OpenAPI sends them (issue 29, Tests and item 4):
// the operation's example where it gives one, else each field's example (in
// the field's type), its first enum value, or a value of its type. The
// contract test and the request-schema walk send the same bodies.

const document = loadDocument();

/** A value of the schema's type from an example of another (the vendor's `phone` example is a number). */
function typed(schema: OpenApiNode, value: unknown): unknown {
  if (schema.type === 'string' && typeof value === 'number') return String(value);
  return value;
}

/** Values for string fields the OpenAPI gives no example for, by name. */
const STRING_VALUES: Record<string, string> = {
  ip: '10.20.30.1',
  ip_address: '10.20.30.2',
  destination_ip: '127.0.0.1',
  netmask: '255.255.255.0',
  email: 'contract@example.com',
  hub_name: 'Contract hub',
  name: 'Contract',
  path: '/api/system/device/status',
  url: '/api/system/device/status',
  method: 'POST',
  content_type: 'application/json',
  version: '1.0.0',
};

/** A value for a schema (of a field of that name), from its example, first enum value, or type. */
function sample(node: unknown, name = '', depth = 0): unknown {
  const schema = deref(document, node) ?? {};
  if (schema.example !== undefined) return typed(schema, schema.example);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [sample(schema.items, name, depth + 1)];
    case 'object':
      return depth > 3 ? {} : objectSample(schema, depth + 1);
    default:
      if (schema.properties) return objectSample(schema, depth + 1);
      if (schema.format === 'email') return STRING_VALUES.email;
      return STRING_VALUES[name] ?? 'x';
  }
}

function objectSample(schema: OpenApiNode, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(properties).map(([name, node]) => [name, sample(node, name, depth)]));
}

/** An operation's request body: its media type, the body built from its example or schema, the fields it requires. */
interface Request {
  type: string;
  body: unknown;
  required: string[];
}

export function requestOf(op: Operation): Request | undefined {
  const request = deref(document, op.node.requestBody);
  const content = (request?.content ?? {}) as Record<string, OpenApiNode>;
  const [type, media] = Object.entries(content)[0] ?? [];
  if (!media) return undefined;
  const required = (deref(document, media.schema)?.required as string[] | undefined) ?? [];
  return { type, body: media.example ?? sample(media.schema), required };
}
