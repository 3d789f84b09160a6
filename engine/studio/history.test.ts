import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commit, MERGE_MS, redo, startHistory, undo } from './history';

describe('the studio history', () => {
  it('undoes and redoes steps of both views in order', () => {
    let h = startHistory('a');
    h = commit(h, 'b', 'design', 0);
    h = commit(h, 'c', 'source', 10);
    expect(undo(h).present).toBe('b');
    expect(undo(undo(h)).present).toBe('a');
    expect(redo(undo(undo(h))).present).toBe('b');
    expect(undo(startHistory('a')).present).toBe('a');
    expect(redo(h)).toBe(h);
  });

  it('merges a quick run of one kind of change, not a slower one or another kind', () => {
    let h = startHistory('');
    h = commit(h, 'L', 'label', 0);
    h = commit(h, 'Lo', 'label', 100);
    h = commit(h, 'Loc', 'label', 200);
    expect(undo(h).present).toBe('');
    h = commit(h, 'Loca', 'label', 200 + MERGE_MS);
    expect(undo(h).present).toBe('Loc');
    h = commit(h, 'Locat', 'key', 200 + MERGE_MS + 1);
    expect(undo(h).present).toBe('Loca');
    h = commit(commit(h, 'A', undefined, 9000), 'AB', undefined, 9001);
    expect(undo(h).present).toBe('A');
  });

  it('drops the redo steps once a new change is made, and ignores a change to the same text', () => {
    let h = commit(commit(startHistory('a'), 'b', 'x', 0), 'c', 'y', 0);
    h = commit(undo(h), 'd', 'z', 5000);
    expect(h.future).toEqual([]);
    expect(commit(h, 'd', 'z', 9000)).toBe(h);
  });

  it('comes back to every earlier text by undo and to the latest by redo', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 20 }), (texts) => {
        let h = startHistory('start');
        const seen = ['start'];
        texts.forEach((text, i) => {
          const next = commit(h, text, `g${i}`, i);
          if (next !== h) seen.push(text);
          h = next;
        });
        for (let i = seen.length - 1; i > 0; i--) {
          expect(h.present).toBe(seen[i]);
          h = undo(h);
        }
        expect(h.present).toBe('start');
        for (let i = 1; i < seen.length; i++) h = redo(h);
        expect(h.present).toBe(seen.at(-1));
      }),
    );
  });
});
