import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import newReport from '../../schemas/forms/new-report.json';
import { createFieldStore } from '../form/store';
import { checkValues } from '../form/values';
import { activeSource, checkSwitch, chosenLookup, switchedFields } from './lookup-switch';
import type { FieldSchema, FormDocument, LookupSwitch } from './types';
import { validateSubmission } from './validate-submission';

const SWITCH: LookupSwitch = {
  lookupBy: 'applied_by',
  lookups: { device: { lookup: 'devices' }, company: { lookup: 'companies' }, tag: { lookup: 'tags' } },
};

const fields: FieldSchema[] = [
  {
    key: 'applied_by',
    label: 'Applied by',
    type: 'radio',
    options: ['device', 'company', 'tag'].map((value) => ({ value, label: value })),
  },
  { key: 'apply_list', label: 'Apply to', component: 'ItemSelect', multiple: true, required: true, options: SWITCH },
  { key: 'name', label: 'Name', type: 'text' },
];

describe('lookup switch', () => {
  it('chooses the lookup by the value of its key; no lookup offers no options', () => {
    expect(chosenLookup(SWITCH, { applied_by: 'tag' })).toEqual({ lookup: 'tags' });
    expect(activeSource(SWITCH, { applied_by: 'company' })).toEqual({ lookup: 'companies' });
    expect(activeSource(SWITCH, {})).toEqual([]);
    expect(activeSource(SWITCH, { applied_by: 'toString' })).toEqual([]);
    expect(activeSource(SWITCH, { applied_by: ['tag'] })).toEqual([]);
    expect(activeSource({ lookup: 'tags' }, {})).toEqual({ lookup: 'tags' });
  });

  it('knows which fields each key switches', () => {
    expect(switchedFields(fields)).toEqual(new Map([['applied_by', ['apply_list']]]));
  });

  it('refuses a selection while the choosing value names no lookup', () => {
    const field = fields[1];
    expect(checkSwitch(field, { applied_by: 'tag', apply_list: [1] })).toBeUndefined();
    expect(checkSwitch(field, { apply_list: [1] })).toBe('The selected apply to is invalid.');
    expect(checkSwitch(field, { applied_by: 'user', apply_list: [] })).toBeUndefined();
    expect(checkSwitch(fields[2], { name: 'x' })).toBeUndefined();
  });

  it('clears the selection when the choosing value changes, notifying the field', () => {
    const store = createFieldStore(fields, { applied_by: 'device' });
    store.setValue('apply_list', [1, 2]);
    const heard: string[] = [];
    store.subscribeField('apply_list', () => heard.push('apply_list'));
    store.setValue('applied_by', 'device');
    expect(store.field('apply_list').value).toEqual([1, 2]);
    store.setValue('applied_by', 'tag');
    expect(store.field('apply_list').value).toBeUndefined();
    expect(heard).toEqual(['apply_list']);
  });

  it('keeps a selection set together with its choosing value (an item loaded or opened with data)', () => {
    const store = createFieldStore(fields, { applied_by: 'tag', apply_list: [7] });
    expect(store.values()).toMatchObject({ applied_by: 'tag', apply_list: [7] });
    store.update({ applied_by: 'company', apply_list: [3] });
    expect(store.values()).toMatchObject({ applied_by: 'company', apply_list: [3] });
  });

  it('the client check and the server check refuse a selection without a lookup on the field', () => {
    const doc = newReport as FormDocument;
    const permissions = ['view_reports', 'update_devices'];
    const base = { name: 'R', type: 'single', period: 'day', parameters: ['signal'] };
    const refused = validateSubmission(doc, { ...base, applied_by: 'user', apply_list: [1] }, { permissions });
    expect(refused.errors.map((e) => e.source)).toEqual(['applied_by', 'apply_list']);
    const accepted = validateSubmission(doc, { ...base, applied_by: 'tag', apply_list: [1] }, { permissions });
    expect(accepted).toMatchObject({ ok: true, value: { applied_by: 'tag', apply_list: [1] } });
    expect(checkValues({ fields }, { apply_list: [1] }, [])).toEqual({
      apply_list: 'The selected apply to is invalid.',
    });
  });
});

// Options of each kind in a small world: ids overlap across kinds, as database ids do.
const WORLD: Record<string, number[]> = { device: [1, 2, 3], company: [1, 4], tag: [2, 5, 6] };
const kinds = [...Object.keys(WORLD), 'user'];

type Step = { set: string } | { pick: number[] };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ set: fc.constantFrom(...kinds) }),
  fc.record({ pick: fc.array(fc.nat({ max: 9 }), { maxLength: 4 }) }),
);

/** The options a widget offers for the current values: those of the chosen lookup, none without one. */
const offered = (values: Record<string, unknown>): number[] => {
  const source = activeSource(SWITCH, values);
  return Array.isArray(source) ? [] : WORLD[Object.keys(SWITCH.lookups).find((k) => SWITCH.lookups[k] === source)!];
};

describe('lookup switch property', () => {
  const doc: FormDocument = { $schema: '../form.schema.json', title: 'Report', endpoint: '/reports', fields };
  it('the submitted list never holds a value that is not an option of the lookup the current value chooses', () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.array(step, { maxLength: 12 }), (first, steps) => {
        const store = createFieldStore(fields, { applied_by: first });
        for (const s of steps) {
          if ('set' in s) store.setValue('applied_by', s.set);
          else {
            // A user picks among what the widget offers now (indexes into the offered options).
            const options = offered(store.values());
            const picked = [...new Set(s.pick.filter((i) => i < options.length).map((i) => options[i]))];
            store.setValue('apply_list', picked.length ? picked : undefined);
          }
          const values = store.values();
          const list = (values.apply_list as number[] | undefined) ?? [];
          const allowed = offered(values);
          expect(list.every((id) => allowed.includes(id))).toBe(true);
          const result = validateSubmission(doc, values, { permissions: [] });
          if (list.length) expect(result.errors.filter((e) => e.source === 'apply_list')).toEqual([]);
        }
      }),
    );
  });
});
