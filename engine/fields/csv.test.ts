import { describe, expect, it } from 'vitest';
import { checkCsvFile, importCsv, parseCsvList } from './csv';

const file = (text: string, type = 'text/csv', size = text.length) => ({
  name: 'a.csv',
  type,
  size,
  text: async () => text,
});

describe('CSV import', () => {
  it("accepts only type text/csv ('Not a CSV file selected')", async () => {
    expect(checkCsvFile({ name: 'a.txt', size: 1, type: 'text/plain' })).toBe('Not a CSV file selected');
    expect(await importCsv(file('a', 'application/json'))).toEqual({ error: 'Not a CSV file selected' });
  });

  it("size under 80 MB ('File size must be lower than 80MB')", () => {
    expect(checkCsvFile({ name: 'a.csv', size: 83886080, type: 'text/csv' })).toBe('File size must be lower than 80MB');
    expect(checkCsvFile({ name: 'a.csv', size: 83886079, type: 'text/csv' })).toBeUndefined();
  });

  it('lines trimmed, blanks skipped, the list replaced', async () => {
    expect(parseCsvList('  1111 \n\n 2222\r\n   \n3333')).toEqual(['1111', '2222', '3333']);
    expect(await importCsv(file('a\n b \n\n'))).toEqual({ items: ['a', 'b'] });
  });

  it('takes one item per line: commas stay inside the item, a quoted line is unquoted', () => {
    expect(parseCsvList('a,b\nc')).toEqual(['a,b', 'c']);
    expect(parseCsvList('"x, y"\n "z" \n"say ""hi"""')).toEqual(['x, y', 'z', 'say "hi"']);
  });

  it('applies the list options (numbers, uniqueness, maxItems)', () => {
    expect(parseCsvList('1\n2\n2\n3', { type: 'number', uniqueItems: true, maxItems: 2 })).toEqual([1, 2]);
  });
});
