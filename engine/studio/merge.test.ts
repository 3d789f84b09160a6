import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedParts, mergeDocuments, type MergeChoice } from './merge';

const name = { key: 'name', label: 'Name', type: 'text' };
const colour = { key: 'color', label: 'Colour', type: 'text' };
const base = { title: 'New tag', fields: [name, colour] };

describe('merging a stale draft with the version published since', () => {
  it('takes the side that changed a part, and proposes yours where both did', () => {
    const theirs = { title: 'Create tag', fields: [name, { ...colour, label: 'Color' }] };
    const yours = {
      title: 'New tag',
      subtitle: 'For masts',
      fields: [name, { ...colour, label: 'Tint' }, { key: 'note', label: 'Note' }],
    };
    const parts = changedParts(base, theirs, yours);
    expect(parts.map((p) => [p.id, p.proposed, p.conflict, p.choices.length])).toEqual([
      ['property:title', 'theirs', false, 2],
      ['property:subtitle', 'yours', false, 2],
      ['field:color', 'yours', true, 3],
      ['field:note', 'yours', false, 2],
    ]);
    expect(mergeDocuments(theirs, yours, parts, {})).toEqual({
      title: 'Create tag',
      subtitle: 'For masts',
      fields: [name, { ...colour, label: 'Tint' }, { key: 'note', label: 'Note' }],
    });
  });

  it('keeps both versions of a field both changed, yours under a free key', () => {
    const theirs = { ...base, fields: [name, { ...colour, label: 'Color' }] };
    const yours = { ...base, fields: [name, { ...colour, label: 'Tint' }] };
    const parts = changedParts(base, theirs, yours);
    expect(mergeDocuments(theirs, yours, parts, { 'field:color': 'both' }).fields).toEqual([
      name,
      { ...colour, label: 'Color' },
      { ...colour, key: 'color_2', label: 'Tint' },
    ]);
    expect(mergeDocuments(theirs, yours, parts, { 'field:color': 'theirs' })).toEqual(theirs);
  });

  it('a field one side removed: gone as proposed, back when the other side is chosen', () => {
    const theirs = { ...base, fields: [name] };
    const parts = changedParts(base, theirs, base);
    expect(parts.map((p) => [p.id, p.proposed])).toEqual([['field:color', 'theirs']]);
    expect(mergeDocuments(theirs, base, parts, {})).toEqual(theirs);
    expect(mergeDocuments(theirs, base, parts, { 'field:color': 'yours' })).toEqual(base);
  });

  it('choosing one side for every part gives that side, whatever the documents', () => {
    const field = fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd'), label: fc.string() });
    const doc = fc.record(
      {
        title: fc.string(),
        subtitle: fc.string(),
        fields: fc.uniqueArray(field, { selector: (f) => f.key }),
      },
      { requiredKeys: ['fields'] },
    );
    fc.assert(
      fc.property(doc, doc, doc, fc.constantFrom<MergeChoice>('theirs', 'yours'), (b, theirs, yours, side) => {
        const parts = changedParts(b, theirs, yours);
        const chosen = Object.fromEntries(parts.map((p) => [p.id, side]));
        const merged = mergeDocuments(theirs, yours, parts, chosen);
        const want = side === 'theirs' ? theirs : yours;
        // The same properties and fields; a field only yours has may stand elsewhere among theirs.
        expect({ ...merged, fields: undefined }).toEqual({ ...want, fields: undefined });
        const keys = (d: typeof want) => d.fields.map((f) => f.key).sort();
        expect(keys(merged as typeof want)).toEqual(keys(want));
        for (const f of want.fields) expect((merged as typeof want).fields).toContainEqual(f);
      }),
    );
  });
});
