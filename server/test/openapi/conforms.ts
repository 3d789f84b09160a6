import { expect } from 'vitest';
import { loadDocument, operations } from '../../openapi/document';
import type { Reply } from '../harness';
import { strictValidator } from './strict-schema';

// The RMS API tests' check of an answer against the vendor's OpenAPI: the
// schema of the operation (named by its key, "GET /devices/{}") for the
// answer's status, strictly (strict-schema.ts).

const document = loadDocument();
const validate = strictValidator(document);
const byKey = new Map(operations(document).map((op) => [op.key, op]));

/** Expects the answer to have the OpenAPI's schema for its status. */
export function expectConforms(key: string, reply: Reply): void {
  const check = validate(byKey.get(key)!, reply.status);
  expect(check, `${key}: no schema for ${reply.status}`).not.toBeNull();
  expect(check!(reply.body) ? [] : check!.errors, JSON.stringify(reply.body)).toEqual([]);
}

/** The `source` of each error in an error envelope. */
export const sources = (reply: Reply) => (reply.body.errors as { source: string | null }[]).map((e) => e.source);
