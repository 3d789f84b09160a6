import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldSchema } from './types';
import { hiddenKeys, pruneHidden, ruleHolds, visibleFields } from './depends';
import { validateSubmission } from './validate-submission';

const doc = {
  fields: [
    { key: 'type', options: [1, 2, 4].map((v) => ({ value: v, label: String(v) })) },
    { key: 'price', type: 'number', required: true, depends: [{ key: 'type', values: [2, 4] }] },
    { key: 'note', depends: [{ key: 'price' }] },
    { key: 'free', depends: [{ key: 'type', values: [2, 4], not: true }] },
  ] as FieldSchema[],
};

describe('depends', () => {
  it('a field is visible while the depended-on key holds one of the allowed values', () => {
    expect(visibleFields(doc, { type: 2 }).map((f) => f.key)).toEqual(['type', 'price']);
    expect(visibleFields(doc, { type: '4', price: 3 }).map((f) => f.key)).toEqual(['type', 'price', 'note']);
    expect(visibleFields(doc, { type: 1 }).map((f) => f.key)).toEqual(['type', 'free']);
  });

  it('rules without values need a non-empty value; not inverts', () => {
    expect(ruleHolds({ key: 'a' }, { a: '' })).toBe(false);
    expect(ruleHolds({ key: 'a' }, { a: 'x' })).toBe(true);
    expect(ruleHolds({ key: 'a', values: ['x'], not: true }, { a: 'x' })).toBe(false);
    expect(ruleHolds({ key: 'a', values: ['x'] }, { a: ['y', 'x'] })).toBe(true);
  });

  it('a hidden field hides the fields that depend on it, and its value is cleared', () => {
    expect([...hiddenKeys(doc, { type: 1, price: 9, note: 'n' })].sort()).toEqual(['note', 'price']);
    expect(pruneHidden(doc, { type: 1, price: 9, note: 'n', free: 'f' })).toEqual({ type: 1, free: 'f' });
  });

  const valuesArb = fc.record(
    {
      type: fc.constantFrom(1, 2, 4, '2', '', undefined),
      price: fc.oneof(fc.integer(), fc.constant('')),
      note: fc.string({ maxLength: 3 }),
      free: fc.string({ maxLength: 3 }),
    },
    { requiredKeys: [] },
  );

  it('property: a hidden field never reaches the payload', () => {
    fc.assert(
      fc.property(valuesArb, (values) => {
        const hidden = hiddenKeys(doc, values);
        const pruned = pruneHidden(doc, values);
        for (const key of hidden) expect(pruned).not.toHaveProperty(key);
        const submitted = validateSubmission({ $schema: '', title: 't', fields: doc.fields }, values, {
          permissions: [],
        });
        for (const key of hidden) expect(submitted.value).not.toHaveProperty(key);
        for (const e of submitted.errors) expect(hidden.has(e.source ?? '')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
