import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import formSchema from '../../schemas/form.schema.json';
import { documentText, parseDocumentText } from '../schema/document-text';
import type { FieldSchema, FormDocument } from '../schema/types';
import { createAjv } from '../validators/ajv';
import { addField, copyField, keyFollowsLabel, moveField, removeField, renameField, setIn, setLabel } from './edit';
import { PALETTE } from './palette';
import { OPERATORS, setConditions, toCondition, toRule, type Condition } from './rules';

const validForm = createAjv().compile(formSchema);
const base: FormDocument = {
  $schema: '../form.schema.json',
  title: 'New tag',
  endpoint: '/tags',
  method: 'post',
  fields: [{ key: 'name', label: 'Name', type: 'text', required: true }],
};
/** Every built-in form: real documents that pass the meta-schema, to start random edits from. */
const builtIn = readdirSync('schemas/forms').map(
  (file) => JSON.parse(readFileSync(`schemas/forms/${file}`, 'utf8')) as FormDocument,
);
const entry = (name: string) => PALETTE.find((p) => p.name === name)!;

/** What every edit must keep: the meta-schema passes, keys are unique, rules name existing keys. */
function expectSound(doc: FormDocument) {
  expect(validForm(doc), JSON.stringify(validForm.errors)).toBe(true);
  const keys = doc.fields.map((f) => f.key);
  expect(new Set(keys).size).toBe(keys.length);
  for (const field of doc.fields) for (const rule of field.depends ?? []) expect(keys).toContain(rule.key);
  for (const key of doc.requireChange ?? []) expect(keys).toContain(key);
}

/** The Source view shows documentText(doc); reading it back gives the same document and the same text. */
function expectRoundTrip(doc: FormDocument) {
  const text = documentText(doc);
  const parsed = parseDocumentText(text);
  expect(parsed).toEqual(doc);
  expect(documentText(parsed)).toBe(text);
}

const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
const condition = (keys: string[]): fc.Arbitrary<Condition> =>
  fc.record({
    key: fc.constantFrom(...keys),
    operator: fc.constantFrom(...OPERATORS),
    values: fc.array(scalar, { minLength: 1, maxLength: 3 }),
  });

type Edit = (doc: FormDocument) => FormDocument;
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ name: fc.constantFrom(...PALETTE.map((p) => p.name)), at: fc.nat(12) }).map(
    ({ name, at }) =>
      (doc: FormDocument) =>
        addField(doc, entry(name), at).doc,
  ),
  fc.record({ from: fc.nat(12), to: fc.nat(12) }).map(
    ({ from, to }) =>
      (doc: FormDocument) =>
        moveField(doc, from, to),
  ),
  fc.nat(12).map((i) => (doc: FormDocument) => copyField(doc, i % doc.fields.length).doc),
  fc.nat(12).map((i) => (doc: FormDocument) => removeField(doc, i % doc.fields.length)),
  fc.record({ i: fc.nat(12), label: fc.string({ maxLength: 20 }), follow: fc.boolean() }).map(
    ({ i, label, follow }) =>
      (doc: FormDocument) =>
        setLabel(doc, i % doc.fields.length, label, follow),
  ),
  fc.record({ i: fc.nat(12), key: fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/) }).map(
    ({ i, key }) =>
      (doc: FormDocument) =>
        renameField(doc, i % doc.fields.length, key),
  ),
  fc
    .record({
      i: fc.nat(12),
      property: fc.constantFrom('required', 'placeholder', 'maxlength', 'subtext', 'disabled'),
      value: fc.option(fc.oneof(fc.boolean(), fc.string({ maxLength: 10 }), fc.integer({ min: 1, max: 999 })), {
        nil: undefined,
      }),
    })
    .map(({ i, property, value }) => (doc: FormDocument) => {
      // Each property takes a value of its own type, as the panel's input for it gives.
      const typed =
        value === undefined
          ? undefined
          : property === 'required' || property === 'disabled'
            ? Boolean(value)
            : property === 'maxlength'
              ? Math.max(1, Math.abs(Number(value)) || 1)
              : String(value);
      return setIn(doc, ['fields', i % doc.fields.length, property], typed);
    }),
  fc.record({ i: fc.nat(12), seed: fc.nat() }).map(({ i, seed }) => (doc: FormDocument) => {
    const index = i % doc.fields.length;
    const others = doc.fields.filter((_, j) => j !== index).map((f) => f.key);
    if (!others.length) return setConditions(doc, index, 'depends', []);
    const [conditions] = fc.sample(fc.array(condition(others), { maxLength: 3 }), { seed, numRuns: 1 });
    return setConditions(doc, index, 'depends', conditions!);
  }),
);

describe('design edits', () => {
  it('add a field of every palette entry that passes the meta-schema, under a unique key', () => {
    let doc = base;
    for (const p of PALETTE) doc = addField(doc, p, doc.fields.length).doc;
    expectSound(doc);
    expect(doc.fields.map((f) => f.key)).toContain('itemselect');
    expect(addField(doc, entry('Text'), 0).doc.fields[0]).toEqual({ key: 'text_2', label: 'Text', type: 'text' });
  });

  it('keep the document sound and round-trip through the Source view unchanged, for random edits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(base, ...builtIn),
        fc.array(edit, { minLength: 1, maxLength: 25 }),
        (start, edits) => {
          let doc = start;
          for (const change of edits) {
            const before = documentText(doc);
            doc = change(doc);
            expectSound(doc);
            expectRoundTrip(doc);
            expect(parseDocumentText(before)).toBeDefined();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never change the document they are given', () => {
    fc.assert(
      fc.property(edit, edit, (a, b) => {
        const doc = b(a(base));
        const frozen = documentText(doc);
        a(doc);
        b(doc);
        expect(documentText(doc)).toBe(frozen);
      }),
      { numRuns: 100 },
    );
  });

  it('move, copy and remove a field; the last field stays', () => {
    const three = addField(addField(base, entry('Number'), 1).doc, entry('Textarea'), 2).doc;
    expect(moveField(three, 2, 0).fields.map((f) => f.key)).toEqual(['textarea', 'name', 'number']);
    expect(copyField(three, 0).doc.fields.map((f) => f.key)).toEqual(['name', 'name_2', 'number', 'textarea']);
    expect(removeField(three, 1).fields.map((f) => f.key)).toEqual(['name', 'textarea']);
    expect(removeField(base, 0)).toBe(base);
  });

  it('rename the rules naming a renamed key, and drop them with a removed field', () => {
    let doc = addField(base, entry('Text'), 1).doc;
    doc = setConditions(doc, 1, 'depends', [{ key: 'name', operator: 'filled', values: [] }]);
    doc = { ...doc, requireChange: ['name'] };
    const renamed = renameField(doc, 0, 'title');
    expect(renamed.fields[1]!.depends).toEqual([{ key: 'title' }]);
    expect(renamed.requireChange).toEqual(['title']);
    const removed = removeField(renamed, 0);
    expect(removed.fields[0]!.depends).toBeUndefined();
    expect(removed.requireChange).toBeUndefined();
  });

  it('let a new field’s key follow its label until the key is set by hand', () => {
    let doc = addField(base, entry('Text'), 1).doc;
    doc = setLabel(doc, 1, 'Location note', keyFollowsLabel(doc.fields[1]!));
    expect(doc.fields[1]).toMatchObject({ key: 'location_note', label: 'Location note' });
    doc = setLabel(doc, 1, 'Name', keyFollowsLabel(doc.fields[1]!));
    expect(doc.fields[1]!.key).toBe('name_2');
    doc = renameField(doc, 1, 'note');
    expect(keyFollowsLabel(doc.fields[1]!)).toBe(false);
    expect(setLabel(doc, 1, 'Where', false).fields[1]!.key).toBe('note');
  });
});

describe('conditions', () => {
  it('read as the rules of the form language', () => {
    expect(toRule({ key: 'color', operator: 'filled', values: [] })).toEqual({ key: 'color' });
    expect(toRule({ key: 'color', operator: 'empty', values: ['x'] })).toEqual({ key: 'color', not: true });
    expect(toRule({ key: 't', operator: 'oneOf', values: ['a'] })).toEqual({ key: 't', values: ['a'] });
    expect(toRule({ key: 't', operator: 'notOneOf', values: [1] })).toEqual({ key: 't', values: [1], not: true });
  });

  it('and back, for every rule', () => {
    const rule = fc.record(
      { key: fc.constantFrom('a', 'b'), values: fc.array(scalar), not: fc.constant(true) },
      { requiredKeys: ['key'] },
    );
    fc.assert(
      fc.property(rule, (r) => {
        const back = toRule(toCondition(r));
        expect(back).toEqual({
          key: r.key,
          ...(r.values ? { values: r.values } : {}),
          ...(r.not ? { not: true } : {}),
        });
      }),
    );
  });

  it('leave no empty rule list behind', () => {
    const doc = setConditions(base, 0, 'depends', []);
    expect('depends' in (doc.fields[0] as FieldSchema)).toBe(false);
  });
});
