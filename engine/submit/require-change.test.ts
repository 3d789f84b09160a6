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

  it('nothing to compare with (no value loaded) or no requireChange: sent', () => {
    expect(unchangedMessage(doc, {}, { name: 'Acme' })).toBeUndefined();
    expect(unchangedMessage({}, { name: 'Acme' }, { name: 'Acme' })).toBeUndefined();
  });

  it('a loaded item fills only the form fields', () => {
    expect(loadedValues({ id: 3, name: 'Acme', level: 2 }, ['name'])).toEqual({ name: 'Acme' });
    expect(loadedValues(null, ['name'])).toEqual({});
  });
});
