import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { FieldSchema } from '../schema/types';
import { createFieldStore } from './store';
import { applyChange, checkValues } from './values';

// applyChange (the one step that copies the form's values) is counted, not replaced.
vi.mock('./values', async (original) => {
  const actual = await original<typeof import('./values')>();
  return { ...actual, applyChange: vi.fn(actual.applyChange) };
});

/** Listens to every field and the form; returns what each change notified. */
function spy(store: ReturnType<typeof createFieldStore>, keys: string[]) {
  const heard: string[] = [];
  for (const key of keys) store.subscribeField(key, () => heard.push(key));
  store.subscribeForm(() => heard.push('(form)'));
  return heard;
}

describe('field store subscriptions', () => {
  const fields: FieldSchema[] = [
    { key: 'a', label: 'A', type: 'text' },
    { key: 'b', label: 'B', type: 'text' },
    { key: 'c', label: 'C', type: 'text', depends: [{ key: 'a' }] },
  ];

  it('a keystroke notifies that field only', () => {
    const store = createFieldStore(fields, { a: 'x' });
    const heard = spy(store, ['a', 'b', 'c']);
    store.setValue('b', 'typed');
    expect(heard).toEqual(['b']);
    expect(store.field('b').value).toBe('typed');
  });

  it('a keystroke that hides a dependent field notifies it (its value is cleared) and the form', () => {
    const store = createFieldStore(fields, { a: 'x', c: 'kept while visible' });
    const heard = spy(store, ['a', 'b', 'c']);
    store.setValue('a', '');
    expect(new Set(heard)).toEqual(new Set(['a', 'c', '(form)']));
    expect(store.form().hidden).toEqual(['c']);
    expect(store.field('c').value).toBeUndefined();
  });

  it('a field snapshot is stable until the field changes (React bails out of re-rendering it)', () => {
    const store = createFieldStore(fields, { a: 'x' });
    const before = store.field('a');
    store.setValue('b', 'y');
    expect(store.field('a')).toBe(before);
    store.setValue('a', 'z');
    expect(store.field('a')).not.toBe(before);
  });

  it('client and server errors notify only their fields; editing a field clears its client message', () => {
    const store = createFieldStore(fields, {});
    const heard = spy(store, ['a', 'b', 'c']);
    store.setClientErrors({ a: 'A is required.' });
    store.setServerErrors({ b: ['Taken.'] });
    expect(heard).toEqual(['a', 'b']);
    expect(store.field('b').error).toBe('Taken.');
    store.setValue('a', 'now filled');
    expect(store.field('a').error).toBeUndefined();
  });

  it('a field shows one message: the server’s while it stands, then the client check’s', () => {
    const store = createFieldStore(fields, { a: 'x' });
    store.setClientErrors({ a: 'A is too short.' });
    store.setServerErrors({ a: ['A is taken.', 'A is reserved.'] });
    expect(store.field('a').error).toBe('A is taken.');
    store.setServerErrors({});
    expect(store.field('a').error).toBe('A is too short.');
  });

  it('property: whatever changes, exactly the fields whose value or visibility changed are notified', () => {
    const keys = ['k0', 'k1', 'k2', 'k3', 'k4'];
    const doc = fc.array(fc.option(fc.constantFrom(...keys), { nil: undefined }), {
      minLength: keys.length,
      maxLength: keys.length,
    });
    fc.assert(
      fc.property(doc, fc.constantFrom(...keys), fc.constantFrom('', 'v', 'w'), (parents, key, value) => {
        const docFields: FieldSchema[] = keys.map((k, i) => {
          const parent = parents[i];
          return parent && parent < k ? { key: k, label: k, depends: [{ key: parent }] } : { key: k, label: k };
        });
        const store = createFieldStore(docFields, Object.fromEntries(keys.map((k) => [k, 'v'])));
        const before = Object.fromEntries(keys.map((k) => [k, store.field(k).value]));
        const hiddenBefore = store.form().hidden.join();
        const heard = spy(store, keys);
        store.setValue(key, value);
        const changed = keys.filter((k) => store.field(k).value !== before[k]);
        const fieldsHeard = heard.filter((h) => h !== '(form)');
        expect(new Set(fieldsHeard)).toEqual(new Set(changed));
        expect(heard.includes('(form)')).toBe(store.form().hidden.join() !== hiddenBefore);
      }),
    );
  });
});

describe('keystroke cost', () => {
  const big: FieldSchema[] = Array.from({ length: 1000 }, (_, i) =>
    i % 10 === 4 ? { key: `f${i}`, label: `F${i}`, depends: [{ key: `f${i - 1}` }] } : { key: `f${i}`, label: `F${i}` },
  );

  it('a keystroke no depends rule reads copies no values: applyChange is not called, one listener hears it', () => {
    const store = createFieldStore(big, { f3: 'on' });
    const heard = spy(
      store,
      big.map((f) => f.key),
    );
    let told = 0;
    store.subscribeValues(() => told++);
    vi.mocked(applyChange).mockClear();
    for (const text of ['a', 'ab', 'abc']) store.setValue('f5', text);
    expect(applyChange).not.toHaveBeenCalled();
    expect(heard).toEqual(['f5', 'f5', 'f5']);
    expect(told).toBe(3);
    expect(store.values().f5).toBe('abc');
    store.setValue('f3', undefined);
    expect(applyChange).toHaveBeenCalledTimes(1);
    expect(store.form().hidden).toContain('f4');
  });

  it('values() is a snapshot: stable until a change, untouched by later keystrokes', () => {
    const store = createFieldStore(big, {});
    const before = store.values();
    expect(store.values()).toBe(before);
    store.setValue('f5', 'typed');
    expect(before.f5).toBeUndefined();
    expect(store.values()).not.toBe(before);
    expect(store.values().f5).toBe('typed');
  });

  it('property: typing through the store ends where the full recomputation does', () => {
    const keys = ['k0', 'k1', 'k2', 'k3', 'k4', 'k5'];
    const parents = fc.array(fc.option(fc.constantFrom(...keys), { nil: undefined }), {
      minLength: keys.length,
      maxLength: keys.length,
    });
    const edits = fc.array(fc.tuple(fc.constantFrom(...keys), fc.constantFrom('', 'v', 'w', undefined, null)), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(parents, edits, (parentOf, steps) => {
        const fields: FieldSchema[] = keys.map((k, i) => {
          const parent = parentOf[i];
          const rule = i % 2 ? { key: parent!, values: ['w'] } : { key: parent! };
          return parent && parent !== k ? { key: k, label: k, depends: [rule] } : { key: k, label: k };
        });
        const store = createFieldStore(fields, { k0: 'v', k1: 'w' });
        let full = applyChange({ fields }, {}, { k0: 'v', k1: 'w' });
        for (const [key, value] of steps) {
          store.setValue(key, value);
          // A change that changes nothing is dropped (the store keeps its values).
          const step = applyChange({ fields }, full.values, { [key]: value });
          if (step.changed.length) full = step;
          expect(store.values()).toEqual(full.values);
          expect([...store.form().hidden].sort()).toEqual([...full.hidden].sort());
        }
      }),
    );
  });
});

describe('applyChange', () => {
  it('property: the incremental step (given the hidden keys before) equals the full recomputation', () => {
    const keys = ['k0', 'k1', 'k2', 'k3', 'k4', 'k5'];
    const parents = fc.array(fc.option(fc.constantFrom(...keys), { nil: undefined }), {
      minLength: keys.length,
      maxLength: keys.length,
    });
    const edits = fc.array(fc.tuple(fc.constantFrom(...keys), fc.constantFrom('', 'v', 'w', undefined)), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(parents, edits, (parentOf, steps) => {
        const fields: FieldSchema[] = keys.map((k, i) => {
          const parent = parentOf[i];
          const rule = i % 2 ? { key: parent!, values: ['w'] } : { key: parent! };
          return parent && parent !== k ? { key: k, label: k, depends: [rule] } : { key: k, label: k };
        });
        let state = applyChange({ fields }, {}, { k0: 'v', k1: 'w' });
        for (const [key, value] of steps) {
          const incremental = applyChange({ fields }, state.values, { [key]: value }, state.hidden);
          const full = applyChange({ fields }, state.values, { [key]: value });
          expect(incremental.values).toEqual(full.values);
          expect([...incremental.hidden].sort()).toEqual([...full.hidden].sort());
          expect([...incremental.changed].sort()).toEqual([...full.changed].sort());
          state = incremental;
        }
      }),
    );
  });
});

describe('client check', () => {
  it('checks text as the server receives it: trimmed, so both refuse "  ab  " under minlength 3', () => {
    const fields: FieldSchema[] = [{ key: 'name', label: 'Name', type: 'text', minlength: 3 }];
    expect(checkValues({ fields }, { name: '  ab  ' }, [])).toHaveProperty('name');
    expect(checkValues({ fields }, { name: '  abc  ' }, [])).toEqual({});
  });

  it('a required field is refused when it holds only spaces', () => {
    const fields: FieldSchema[] = [{ key: 'name', label: 'Name', type: 'text', required: true }];
    expect(checkValues({ fields }, { name: '   ' }, [])).toHaveProperty('name');
  });
});
