import type { FastifyInstance } from 'fastify';
import { invalid } from '../http/envelope';
import { deref } from './conform';
import { endpointKey } from '../../engine/contract/endpoint';
import { operations, type OpenApiNode } from './document';

// Record ids typed as the OpenAPI types them: where an operation's JSON
// request body names an id (`id`, `…_id`, a move's `source` and `target`) as
// an integer, or a list of integers, a string there ("company_id": "1") is a
// 422 on that field before anything reads the body (the form documents,
// which coerce what a browser form sends, would take it). Checked at the top
// level of the body and in each item of its `data` list (the OpenAPI's bulk
// shape).

const ID_FIELD = /^(id|.+_id|source|target)$/;

type Check = (value: unknown) => boolean;

/** The integer-typed id fields of a request schema: field name to the check of its value. */
function idChecks(document: OpenApiNode, schema: OpenApiNode | undefined): Map<string, Check> {
  const checks = new Map<string, Check>();
  for (const [name, node] of Object.entries((schema?.properties ?? {}) as Record<string, unknown>)) {
    if (!ID_FIELD.test(name)) continue;
    const property = deref(document, node);
    if (property?.type === 'integer') checks.set(name, (v) => typeof v !== 'string');
    else if (property?.type === 'array' && deref(document, property.items)?.type === 'integer')
      checks.set(name, (v) => !Array.isArray(v) || v.every((item) => typeof item !== 'string'));
  }
  return checks;
}

interface BodyChecks {
  top: Map<string, Check>;
  /** The checks of each item of `data`. */
  items: Map<string, Check>;
}

function bodyChecks(document: OpenApiNode): Map<string, BodyChecks> {
  const byKey = new Map<string, BodyChecks>();
  for (const operation of operations(document)) {
    const body = deref(document, operation.node.requestBody);
    const content = (body?.content ?? {}) as Record<string, OpenApiNode>;
    const schema = deref(document, content['application/json']?.schema);
    if (!schema) continue;
    const data = deref(document, (schema.properties as Record<string, unknown> | undefined)?.data);
    const checks = {
      top: idChecks(document, schema),
      items: data?.type === 'array' ? idChecks(document, deref(document, data.items)) : new Map(),
    };
    if (checks.top.size || checks.items.size) byKey.set(operation.key, checks);
  }
  return byKey;
}

const failing = (body: Record<string, unknown>, checks: Map<string, Check>, prefix = '') =>
  [...checks].filter(([name, ok]) => name in body && !ok(body[name])).map(([name]) => `${prefix}${name}`);

/** Refuses string ids in the bodies of the OpenAPI's operations (422, the field as source). */
export function registerRequestIds(app: FastifyInstance, document: OpenApiNode): void {
  const byKey = bodyChecks(document);
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    const body = request.body;
    if (!url?.startsWith('/api/') || !body || typeof body !== 'object' || Array.isArray(body)) return;
    const checks = byKey.get(endpointKey(request.method, url.slice('/api'.length)));
    if (!checks) return;
    const fields = body as Record<string, unknown>;
    const bad = failing(fields, checks.top);
    if (Array.isArray(fields.data)) {
      fields.data.forEach((item, i) => {
        if (item && typeof item === 'object')
          bad.push(...failing(item as Record<string, unknown>, checks.items, `data.${i}.`));
      });
    }
    if (bad.length) throw invalid(...bad.map((name): [string, string] => [name, `The ${name} must be an integer.`]));
  });
}
