import { describe, expect, it } from 'vitest';
import { loadedValues, unchangedMessage } from './require-change';

const doc = { requireChange: ['name'] };

describe('requireChange', () => {
  it("an unchanged name (after trimming) gives 'Please input different value to save changes.'", () => {
    expect(unchangedMessage(doc, { name: 'Acme' }, { name: ' Acme ' })).toBe(
      'Please input different value to save changes.',
    );
    expect(unchangedMessage(doc, { name: 'Acme' }, { name: 'Acme Two' })).toBeUndefined();
  });

  it('a change of another field alone (a custom field) is sent; an unchanged one, trimmed or empty, is not', () => {
    const opened = { name: 'Acme', account_manager: 'Rita' };
    expect(unchangedMessage(doc, opened, { name: 'Acme', account_manager: 'Ana' })).toBeUndefined();
    expect(unchangedMessage(doc, { name: 'Acme' }, { name: 'Acme', account_manager: 'Ana' })).toBeUndefined();
    expect(unchangedMessage(doc, opened, { name: 'Acme', account_manager: ' Rita ' })).toBe(
      'Please input different value to save changes.',
    );
    expect(unchangedMessage(doc, { name: 'Acme' }, { name: 'Acme', account_manager: '' })).toBe(
      'Please input different value to save changes.',
    );
  });

  it('nothing to compare with (no value loaded) or no requireChange: sent', () => {
    expect(unchangedMessage(doc, {}, { name: 'Acme' })).toBeUndefined();
    expect(unchangedMessage({}, { name: 'Acme' }, { name: 'Acme' })).toBeUndefined();
  });

  it('a loaded item fills only the form fields', () => {
    expect(loadedValues({ id: 3, name: 'Acme', level: 2 }, ['name'])).toEqual({ name: 'Acme' });
    expect(loadedValues(null, ['name'])).toEqual({});
  });

  it("a custom field is filled from the item's custom_fields, a stored column first", () => {
    const tag = { id: 4, name: 'Roof', custom_fields: { location_note: 'Mast 2', name: 'not this' } };
    expect(loadedValues(tag, ['name', 'location_note', 'colour_note'])).toEqual({
      name: 'Roof',
      location_note: 'Mast 2',
    });
    expect(loadedValues({ name: 'Roof', custom_fields: null }, ['name', 'location_note'])).toEqual({ name: 'Roof' });
  });
});
