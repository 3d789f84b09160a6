import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../schema/load-fs';
import { validateSubmission } from '../schema/validate-submission';
import { shapePayload } from '../submit/payload';
import { checkValues } from '../form/values';
import { checkField } from '../schema/validate-field';
import { isDisplayOnly, kindOf } from './kinds';

// One definition per field kind, so the console and the server cannot disagree:
// for every field of every built-in form, what the console sends is what the
// server acts on, and both say the same message about it.

const documents = loadDocuments('schemas');
const fields = [...documents.forms.values()]
  .flatMap((doc) => doc.fields)
  .filter((f) => !isDisplayOnly(f) && f.type !== 'file')
  // Visible: depends is the document's business, not the kind's.
  .map((f) => ({ ...f, depends: undefined }));

const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('  padded  ', ' 12 ', '', '0', 'true', 'on', 'aa:bb:cc:dd:ee:ff'),
  fc.integer({ min: -5, max: 500 }),
  fc.boolean(),
  fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 99 })), { maxLength: 4 }),
  fc.array(fc.dictionary(fc.constantFrom('name', 'value', 'type', 'command'), fc.string({ maxLength: 5 })), {
    maxLength: 3,
  }),
);

describe('field kinds', () => {
  it('reads every built-in form field', () => {
    expect(fields.length).toBeGreaterThan(50);
  });

  it('property: coercion is idempotent (the server re-coercing what the console sent changes nothing)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), value, (field, raw) => {
        const once = kindOf(field).coerce(field, raw);
        expect(kindOf(field).coerce(field, JSON.parse(JSON.stringify(once ?? null)) ?? undefined)).toEqual(once);
      }),
    );
  });

  it('property: the console sends what the server acts on, and both give the same message', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), value, (field, raw) => {
        const doc = { $schema: '', title: 't', endpoint: '/x', fields: [field] };
        const sent = JSON.parse(JSON.stringify(shapePayload(doc, { [field.key]: raw }))) as Record<string, unknown>;
        const server = validateSubmission(doc, sent, { permissions: [field.permission ?? ''].flat() });
        if (field.key in sent) expect(server.value[field.key]).toEqual(sent[field.key]);
        const client = checkValues(doc, { [field.key]: raw }, [])[field.key];
        const serverMessage = server.errors.find((e) => e.source === field.key)?.message;
        expect(serverMessage).toBe(client);
      }),
      { numRuns: 500 },
    );
  });
});

describe('checkbox text', () => {
  it("reads only its own words: an object member's name such as valueOf stays text", () => {
    const box = { key: 'on', label: 'On', type: 'checkbox' as const };
    expect(['true', 'on', '0', 'valueOf', 'toString'].map((v) => kindOf(box).coerce(box, v))).toEqual([
      true,
      true,
      false,
      'valueOf',
      'toString',
    ]);
  });
});

describe('addon', () => {
  const doc = {
    $schema: '',
    title: 't',
    endpoint: '/x',
    fields: [
      {
        key: 'period',
        label: 'Period',
        type: 'number' as const,
        addon: {
          key: 'unit',
          options: [
            { value: 's', label: 'seconds' },
            { value: 'm', label: 'minutes' },
          ],
          default: 's',
        },
      },
    ],
  };

  it('a number field sends its addon value beside it, and the server keeps it', () => {
    const sent = shapePayload(doc, { period: ' 5 ', unit: 'm' });
    expect(sent).toEqual({ period: 5, unit: 'm' });
    expect(validateSubmission(doc, sent, { permissions: [] })).toMatchObject({ ok: true, value: sent });
  });

  it('the server refuses an addon value outside its options, naming the addon key', () => {
    const result = validateSubmission(doc, { period: 5, unit: 'h' }, { permissions: [] });
    expect(result.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'The selected unit is invalid.', source: 'unit' },
    ]);
  });
});

describe('file size message', () => {
  const big = { name: 'fw.bin', size: 83886081, type: 'application/octet-stream' };
  it("a document turns on the warnings variant: 'Maximum file size is 80MB'", () => {
    const field = { key: 'file', label: 'File', type: 'file' as const, warnings: true };
    expect(checkField(field, big)).toBe('Maximum file size is 80MB');
    expect(checkField({ ...field, warnings: undefined }, big)).toBe('Maximum file size is 80 MB');
  });
});
