import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeParams } from './params';

const value = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.array(
    fc.oneof(
      fc.string({ minLength: 1 }).filter((s) => !s.includes(',')),
      fc.integer(),
      fc.constant(''),
    ),
  ),
);

describe('serializeParams (property)', () => {
  it('keeps exactly the non-empty values, arrays comma-joined without empty items', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), value), (params) => {
        const parsed = new URLSearchParams(serializeParams(params));
        for (const [key, raw] of Object.entries(params)) {
          const expected = Array.isArray(raw)
            ? raw
                .filter((item) => item !== '')
                .map(String)
                .join(',') || null
            : raw === null || raw === undefined || raw === ''
              ? null
              : String(raw);
          expect(parsed.get(key)).toBe(expected);
        }
        expect([...parsed.keys()].every((key) => key in params)).toBe(true);
      }),
    );
  });
});
