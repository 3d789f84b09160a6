import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATCH_SIZE } from '../../engine/constants';
import { useServer } from './harness';
import { tableChecksums } from './bad-input-snapshot';
import { WRITE_ENDPOINTS, type WriteEndpoint } from './bad-input-endpoints';

// Property: every write endpoint, sent a corrupted copy of a body it accepts,
// answers a 4xx in the error envelope (code, message, source on every error)
// and leaves every table as it was. The corruptions: a value of the wrong
// type, a collection over the batch size, a list of ids naming one twice,
// text that is not well-formed (a lone surrogate or a NUL) anywhere in the
// body, an unknown key, or a body that is not an object at all. Up to 300 runs, at most 20 s on each database
// (on a busy 2-core machine about 150: each run of the suite draws a new seed, so the runs add up). The
// lists, sent a query parameter that is not well-formed text or a sort field
// off the allow list, answer a 422 naming that parameter.

const { server, ...clients } = useServer<WriteEndpoint['as']>({
  admin: 'admin@example.com',
  super: 'super@example.com',
});

type Json = unknown;

/** Text no field accepts: a lone surrogate or a NUL somewhere in it. */
const badText = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\u0000'),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, bad, b]) => a + bad + b);

/** A string no number, id or name lookup reads as valid (it starts with a letter no id starts with). */
const junkText = fc.string({ maxLength: 12 }).map((s) => `z${s}`);

/** A value of another JSON type than `base` that no field of that type accepts. */
function wrongTypeFor(base: Json): fc.Arbitrary<Json> {
  const object = fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.integer(), { minKeys: 1, maxKeys: 3 });
  if (typeof base === 'string')
    return fc.oneof(object, fc.array(junkText, { minLength: 1, maxLength: 3 }), fc.boolean());
  if (typeof base === 'number')
    return fc.oneof(object, junkText, fc.boolean(), fc.array(fc.integer(), { minLength: 1 }));
  if (typeof base === 'boolean') return fc.oneof(object, junkText, fc.array(fc.boolean(), { minLength: 1 }));
  if (Array.isArray(base)) {
    return fc.oneof(
      object,
      junkText,
      fc.boolean(),
      fc.array(fc.integer({ min: -1000, max: 0 }), { minLength: 1, maxLength: 3 }),
    );
  }
  return fc.oneof(junkText, fc.boolean(), fc.integer());
}

/** Puts `bad` somewhere in `value`: as it, in an array item, or as an object's key or value. */
const plant = (value: Json, bad: string): fc.Arbitrary<Json> =>
  Array.isArray(value) && value.length
    ? fc.nat(value.length - 1).chain((i) => plant(value[i], bad).map((v) => value.map((x, j) => (j === i ? v : x))))
    : value && typeof value === 'object' && Object.keys(value).length
      ? fc.constantFrom(...Object.keys(value)).chain((key) =>
          fc.oneof(
            plant((value as Record<string, Json>)[key], bad).map((v) => ({ ...value, [key]: v })),
            fc.constant({ ...value, [bad]: 1 }),
          ),
        )
      : fc.constant(bad);

/** The list with one of its items once more, anywhere in it. */
const withDuplicate = (items: Json[]): fc.Arbitrary<Json[]> =>
  fc
    .tuple(fc.nat(items.length - 1), fc.nat(items.length))
    .map(([i, at]) => [...items.slice(0, at), items[i], ...items.slice(at)]);

function corruptions(endpoint: WriteEndpoint): fc.Arbitrary<Json> {
  const { body } = endpoint;
  const keys = Object.keys(body).filter((k) => k !== 'value');
  const atKey = <T>(arb: (base: Json) => fc.Arbitrary<T>) =>
    fc.constantFrom(...keys).chain((key) => arb(body[key]).map((v) => ({ ...body, [key]: v })));
  // Lists of ids (or names): none may name the same record twice.
  const lists = keys.filter((k) => {
    const v = body[k];
    return Array.isArray(v) && v.length > 0 && v.every((item) => typeof item !== 'object');
  });
  const duplicates = lists.length
    ? [fc.constantFrom(...lists).chain((key) => withDuplicate(body[key] as Json[]).map((v) => ({ ...body, [key]: v })))]
    : [];
  return fc.oneof(
    ...duplicates,
    atKey(wrongTypeFor),
    atKey(() =>
      fc.integer({ min: BATCH_SIZE + 1, max: BATCH_SIZE + 50 }).map((n) => Array.from({ length: n }, (_, i) => i + 1)),
    ),
    badText.chain((bad) => plant(body, bad)),
    fc
      .tuple(fc.stringMatching(/^[a-z_]{1,12}$/), fc.jsonValue({ maxDepth: 2 }))
      .filter(([key]) => !(key in body))
      .map(([key, v]) => ({ ...body, [`x_${key}`]: v })),
    fc.oneof(
      fc.constant(null),
      fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
      fc.integer(),
      fc.string(),
      fc.boolean(),
    ),
  );
}

interface ErrorItem {
  code: unknown;
  message: unknown;
  source: unknown;
}

const cases = fc
  .constantFrom(...WRITE_ENDPOINTS)
  .chain((endpoint) => corruptions(endpoint).map((body) => ({ endpoint, body })));

describe('bad bodies on every write endpoint', () => {
  it('answer a 4xx envelope with a source on every error and change no table', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ({ endpoint, body }) => {
        const before = await tableChecksums(server);
        const reply = await clients[endpoint.as].request(endpoint.method, endpoint.url, body);
        const what = `${endpoint.method} ${endpoint.url} ${JSON.stringify(body).slice(0, 300)} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
        expect(reply.status, what).toBeGreaterThanOrEqual(400);
        expect(reply.status, what).toBeLessThan(500);
        expect(reply.body.success, what).toBe(false);
        const errors = reply.body.errors as ErrorItem[];
        expect(errors.length, what).toBeGreaterThan(0);
        for (const e of errors) {
          expect(typeof e.code, what).toBe('string');
          expect(typeof e.message, what).toBe('string');
          expect(e.source === null || typeof e.source === 'string', what).toBe(true);
        }
        expect(await tableChecksums(server), what).toEqual(before);
      }),
      { numRuns: 300, interruptAfterTimeLimit: 20_000 },
    );
  });

  it('while the uncorrupted bodies are accepted (so each refusal was the corruption’s)', async () => {
    for (const endpoint of WRITE_ENDPOINTS) {
      const reply = await clients[endpoint.as].request(endpoint.method, endpoint.url, endpoint.body);
      expect(reply.status, `${endpoint.method} ${endpoint.url} ${JSON.stringify(reply.body)}`).toBeLessThan(300);
    }
  });
});

/** Percent-encoded bytes no query value accepts: not UTF-8, an encoded lone surrogate, a NUL. */
const badEncoded = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{0,6}$/),
    fc.constantFrom('%FF', '%C0%AF', '%ED%A0%80', '%ED%BF%BF', '%00', '%E2%82'),
    fc.stringMatching(/^[a-z0-9]{0,6}$/),
  )
  .map(([a, bad, b]) => a + bad + b);

const LISTS = ['/api/devices', '/api/tags', '/api/companies', '/api/credits', '/api/users', '/api/automations'];

describe('bad query parameters on the lists', () => {
  it('answer a 4xx envelope naming the parameter', { timeout: 60_000 }, async () => {
    const queries = fc.oneof(
      fc
        .tuple(fc.constantFrom('q', 'sort', 'id', 'fields', 'search-fields', 'status', 'company_id'), badEncoded)
        .map(([name, value]) => ({ query: `${name}=${value}`, source: name })),
      fc
        .stringMatching(/^-?[a-z_]{1,16}$/)
        .filter((field) => !['-name', 'name', '-id', 'id'].includes(field))
        .map((field) => ({ query: `sort=zz_${field}`, source: 'sort' })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LISTS), queries, async (list, { query, source }) => {
        const reply = await clients.admin.get(`${list}?${query}`);
        const what = `${list}?${query} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
        expect(reply.status, what).toBe(422);
        expect(reply.body, what).toMatchObject({ success: false, errors: [{ source }] });
      }),
      { numRuns: 100, interruptAfterTimeLimit: 15_000 },
    );
  });
});
