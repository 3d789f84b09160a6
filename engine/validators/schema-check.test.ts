import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldJsonSchema } from '../schema/compile';
import type { FieldSchema } from '../schema/types';
import { createAjv } from './ajv';
import { schemaError } from './schema-check';

// The reading checker must agree with ajv (the JSON Schema reference) on every
// schema a field document can produce.

const ajv = createAjv();
const text = fc.string({ maxLength: 12 });
const small = fc.integer({ min: -5, max: 20 });
const pattern = fc.constantFrom('[a-z]+', '\\d{2,4}', '([0-9A-F]{2}:){2}[0-9A-F]{2}', '.*', 'ab|cd');

const field: fc.Arbitrary<FieldSchema> = fc.oneof(
  fc.record(
    {
      key: fc.constant('f'),
      type: fc.constantFrom('text', 'email', 'password', 'textarea'),
      minlength: fc.nat(6),
      maxlength: fc.integer({ min: 0, max: 10 }),
      pattern,
    },
    { requiredKeys: ['key', 'type'] },
  ) as fc.Arbitrary<FieldSchema>,
  fc.record(
    { key: fc.constant('f'), type: fc.constant('number'), min: small, max: small },
    { requiredKeys: ['key', 'type'] },
  ),
  fc.record(
    { key: fc.constant('f'), type: fc.constant('checkbox'), trueValue: fc.constantFrom(1, 'yes') },
    { requiredKeys: ['key', 'type'] },
  ),
  fc.record(
    {
      key: fc.constant('f'),
      type: fc.constant('select'),
      multiple: fc.boolean(),
      options: fc.array(fc.record({ value: fc.oneof(small, text), label: text }), { minLength: 1, maxLength: 4 }),
    },
    { requiredKeys: ['key', 'type', 'options'] },
  ) as fc.Arbitrary<FieldSchema>,
  fc.record(
    {
      key: fc.constant('f'),
      component: fc.constant('ListInput'),
      list: fc.record(
        {
          maxItems: fc.nat(4),
          uniqueItems: fc.boolean(),
          type: fc.constantFrom('text', 'number'),
          pattern,
          min: small,
          max: small,
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['key', 'component', 'list'] },
  ) as fc.Arbitrary<FieldSchema>,
  fc.record({
    key: fc.constant('f'),
    component: fc.constant('TableInput'),
    table: fc.record({
      fields: fc.constant([
        { key: 'a', title: 'A', required: true, maxlength: 4 },
        { key: 'b', title: 'B', pattern: '[a-z]*' },
      ]),
    }),
  }) as fc.Arbitrary<FieldSchema>,
);

const value = fc.oneof(
  text,
  fc.constantFrom('a@b.co', 'x@y', 'AB:CD:EF', 'über', '😀😀', '12', ''),
  small,
  // Finite numbers only: ajv takes NaN and ±Infinity for numbers, the engine refuses them (see below).
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(text, small), { maxLength: 5 }),
  fc.array(fc.record({ a: text, b: text }, { requiredKeys: [], noNullPrototype: true }), { maxLength: 3 }),
);

describe('schemaError agrees with ajv', () => {
  it('on every field schema and value: valid exactly when ajv says so', () => {
    fc.assert(
      fc.property(field, value, (f, v) => {
        const schema = fieldJsonSchema(f);
        const validate = ajv.compile(schema);
        const valid = validate(v);
        const error = schemaError(schema, v);
        expect(error === undefined, JSON.stringify({ schema, v, error, ajv: validate.errors })).toBe(valid);
        if (!valid && validate.errors!.length === 1) expect(error!.keyword).toBe(validate.errors![0].keyword);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('schemaError is stricter than ajv where JSON cannot go', () => {
  it('refuses NaN and ±Infinity as numbers', () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(schemaError({ type: 'number' }, v)).toMatchObject({ keyword: 'type' });
    }
  });
});
