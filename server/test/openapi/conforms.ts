import { expect } from 'vitest';
import { loadDocument, operations } from '../../openapi/document';
import type { Reply } from '../harness';
import { strictValidator } from './strict-schema';

// The RMS API tests' check of an answer against the vendor's OpenAPI: the
// schema of the operation (named by its key, "GET /devices/{}", or as the
// OpenAPI writes it, "GET /devices/{id}") for the answer's status, strictly
// (strict-schema.ts).

const document = loadDocument();
const validate = strictValidator(document);
const byKey = new Map(
  operations(document).flatMap((op) => [[op.key, op] as const, [`${op.method} ${op.path}`, op] as const]),
);

/** Expects the answer to have the OpenAPI's schema for its status. */
export function expectConforms(key: string, reply: Reply): void {
  const check = validate(byKey.get(key)!, reply.status);
  expect(check, `${key}: no schema for ${reply.status}`).not.toBeNull();
  expect(check!(reply.body) ? [] : check!.errors, JSON.stringify(reply.body)).toEqual([]);
}

/** The `source` of each error in an error envelope. */
export const sources = (reply: Reply) => (reply.body.errors as { source: string | null }[]).map((e) => e.source);

/** Expects the answer's status, with the OpenAPI's schema for it; answers the reply. */
export function strict(key: string, reply: Reply, status = 200): Reply {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expectConforms(key, reply);
  return reply;
}
