import { describe, expect, it } from 'vitest';
import { opensSearch } from './shortcut';

const slash = { key: '/', ctrlKey: false, metaKey: false, altKey: false };
const body = { tagName: 'BODY', isContentEditable: false };

describe('the / shortcut of the global search (shell spec §4)', () => {
  it('opens the search when no input is focused and no modal is open', () => {
    expect(opensSearch(slash, body, [])).toBe(true);
    expect(opensSearch(slash, null, [])).toBe(true);
  });

  it('does not open it while an input, a text area, a select or an editable element has focus', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT']) {
      expect(opensSearch(slash, { tagName, isContentEditable: false }, [])).toBe(false);
    }
    expect(opensSearch(slash, { tagName: 'DIV', isContentEditable: true }, [])).toBe(false);
  });

  it('does not open it while a modal is open; a minimised modal does not count', () => {
    expect(opensSearch(slash, body, [{ minimized: false }])).toBe(false);
    expect(opensSearch(slash, body, [{ minimized: true }, { minimized: false }])).toBe(false);
    expect(opensSearch(slash, body, [{ minimized: true }])).toBe(true);
  });

  it('answers / only, without Ctrl, Meta or Alt', () => {
    expect(opensSearch({ ...slash, key: '?' }, body, [])).toBe(false);
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey']) {
      expect(opensSearch({ ...slash, [modifier]: true }, body, [])).toBe(false);
    }
  });
});
