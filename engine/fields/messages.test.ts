import { afterEach, describe, expect, it } from 'vitest';
import { setMessages } from '../i18n/i18n';
import { checkCsvFile } from './csv';
import { checkFile } from './file';
import { addListItem, itemValidity } from './list-input';
import { FIELD_MESSAGES } from './messages';
import { checkRows } from './table-input';

// The field kinds speak their messages through the catalogue: with a catalogue that
// marks every text, every message comes back marked (and filled).

afterEach(() => setMessages('en', {}));

const marked = (text: string) => `«${text}»`;
/** A catalogue text marking every plural form of `text` (one|other). */
const markedForms = (text: string) => text.split('|').map(marked).join('|');

describe('field kind messages', () => {
  it('go through the catalogue in the interface language', () => {
    setMessages('no', {
      ...Object.fromEntries(Object.values(FIELD_MESSAGES).map((text) => [text, markedForms(text)])),
      [FIELD_MESSAGES.tooShort]: 'Minst {count} tegn|Minst {count} tegn (flere)',
      file: 'fil',
    });
    const csv = { name: 'a.csv', size: 1, type: 'text/csv' };
    expect(checkCsvFile({ ...csv, type: 'text/plain' })).toBe(marked('Not a CSV file selected'));
    expect(checkCsvFile({ ...csv, size: 83886080 })).toBe(marked('File size must be lower than 80MB'));
    expect(checkFile({ name: 'a.bin', size: 2048 }, { maxSize: 1024 }).error).toBe(marked('Maximum file size is 1 KB'));
    expect(checkFile({ name: 'a.bin', size: 2048 }, { maxSize: 1024, warnings: true }).error).toBe(
      marked('Maximum file size is 80MB'),
    );
    expect(checkFile({ name: 'a?b', size: 1 }).warning).toBe(marked('File name contains forbidden symbols'));
    expect(checkFile({ name: 'a.txt', size: 1 }, { accept: '.json, .csv' }).error).toBe(
      marked('The fil must be a file of type: json, csv.'),
    );
    expect(addListItem(['a'], 'a', { uniqueItems: true }).error).toBe(marked('This value is already in the list'));
    expect(itemValidity('x', { type: 'number' })).toBe(marked('Please enter a number.'));
    expect(itemValidity('1', { type: 'number', min: 2 })).toBe(marked('Value must be greater than or equal to 2.'));
    expect(itemValidity('3', { type: 'number', max: 2 })).toBe(marked('Value must be less than or equal to 2.'));
    expect(itemValidity('x', { minItemLength: 1 + 1 })).toBe('Minst 2 tegn (flere)');
    expect(itemValidity('xyz', { maxItemLength: 2 })).toBe(marked('Please shorten this text to 2 characters or less.'));
    expect(itemValidity('x', { pattern: '[0-9]+' })).toBe(marked('Please match the requested format.'));
    const table = { fields: [{ key: 'name', title: 'Name' }], maxRows: 1 };
    expect(checkRows(table, [{ name: 'a' }, { name: 'b' }])[0].message).toBe(marked('No more than 1 rows.'));
  });

  it('say the spec wording in English without a catalogue (as the server does)', () => {
    expect(checkFile({ name: 'a', size: 83886081 }).error).toBe('Maximum file size is 80 MB');
    expect(itemValidity('x', { minItemLength: 1 })).toBeUndefined();
    expect(itemValidity('xyz', { maxItemLength: 2 })).toBe('Please shorten this text to 2 characters or less.');
  });
});
