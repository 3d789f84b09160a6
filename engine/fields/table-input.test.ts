import { describe, expect, it } from 'vitest';
import { checkRows, emptyRow, normaliseRows } from './table-input';

const table = {
  fields: [
    { key: 'name', title: 'Name', required: true, maxlength: 5 },
    { key: 'timeout', title: 'Timeout', pattern: '[0-9]+' },
  ],
};

describe('TableInput', () => {
  it('rows are objects keyed by field key', () => {
    expect(emptyRow(table)).toEqual({ name: '', timeout: '' });
    expect(
      normaliseRows(table, [
        { name: ' a ', timeout: 5, extra: 'x' },
        { name: '', timeout: ' ' },
      ]),
    ).toEqual([{ name: 'a', timeout: '5' }]);
  });

  it('checks required, maxlength and pattern per cell', () => {
    expect(
      checkRows(table, [
        { name: '', timeout: '1' },
        { name: 'toolong', timeout: 'x' },
        { name: 'ok', timeout: 'x' },
      ]),
    ).toEqual([
      { row: 0, key: 'name', message: 'The name field is required.' },
      { row: 1, key: 'name', message: 'The name may not be greater than 5 characters.' },
      { row: 1, key: 'timeout', message: 'The timeout format is invalid.' },
      { row: 2, key: 'timeout', message: 'The timeout format is invalid.' },
    ]);
  });

  it('takes only one of the options of a column', () => {
    const typed = {
      fields: [
        {
          key: 'type',
          title: 'Type',
          required: true,
          options: [
            { value: 'command', label: 'Command' },
            { value: 'upload_file', label: 'Upload file' },
          ],
        },
      ],
    };
    expect(checkRows(typed, [{ type: 'command' }, { type: 'upload_file' }])).toEqual([]);
    expect(checkRows(typed, [{ type: 'reboot' }])).toEqual([
      { row: 0, key: 'type', message: 'The type format is invalid.' },
    ]);
  });
});
