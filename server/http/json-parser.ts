import type { FastifyInstance } from 'fastify';
import { ApiError } from './envelope';
import { badText, findBadText } from './text';

// JSON bodies: an empty body reads as {}, a body that is not UTF-8 or not
// JSON, or starts with a byte-order mark (which JSON text must not carry,
// RFC 8259 §8.1), is a 400 (answered in the envelope by the error handler), a string
// that is not acceptable text (a lone surrogate, a NUL) is a 422 on its
// field, and __proto__ / constructor keys are dropped.

const utf8 = new TextDecoder('utf-8', { fatal: true });

const badRequest = (message: string) =>
  Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });

/** UTF-8's byte-order mark. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export function parseJsonBody(raw: Buffer): unknown {
  if (raw.subarray(0, BOM.length).equals(BOM))
    throw ApiError.of(400, 'BAD_REQUEST', 'The request body must not start with a byte-order mark.');
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw ApiError.of(400, 'BAD_REQUEST', 'The request body is not valid UTF-8.');
  }
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v) => (key === '__proto__' || key === 'constructor' ? undefined : v));
  } catch {
    throw badRequest('Malformed JSON in request body.');
  }
  const bad = findBadText(value);
  if (bad !== undefined) throw badText(bad || 'body');
  return value;
}

export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
