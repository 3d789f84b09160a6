import { describe, expect, it } from 'vitest';
import { BATCH_SIZE, PARAMETER_LIMIT } from '../constants';
import type { FieldSchema } from './types';
import { checkField } from './validate-field';

describe('checkField', () => {
  it('required applies to empty values; optional empty values pass', () => {
    const f: FieldSchema = { key: 'name', label: 'Name', required: true };
    expect(checkField(f, '')).toBe('The name field is required.');
    expect(checkField(f, undefined)).toBe('The name field is required.');
    expect(checkField({ key: 'x' }, '')).toBeUndefined();
  });

  it('a required list input is satisfied once it has an item', () => {
    const f: FieldSchema = { key: 'ips', label: 'IPs', component: 'ListInput', required: true, validate: ['ipv4'] };
    expect(checkField(f, [])).toBe('The ips field is required.');
    expect(checkField(f, ['1.1.1.1'])).toBeUndefined();
    expect(checkField(f, ['1.1.1.1', '999.1.1.1'])).toBe('The ips must be a valid IPv4 address.');
  });

  it('collections without a bound of their own hold a batch, table rows the parameter limit', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const list: FieldSchema = { key: 'device_id', label: 'Devices', component: 'ListInput', list: { type: 'number' } };
    const select: FieldSchema = {
      key: 'tag_id',
      label: 'Tags',
      component: 'ItemSelect',
      multiple: true,
      options: { lookup: 'tags' },
    };
    const table: FieldSchema = {
      key: 'tasks',
      label: 'Tasks',
      component: 'TableInput',
      table: { fields: [{ key: 'name', title: 'Name' }] },
    };
    // Forms spec §9: "Parameter limit constant 200. Batch size 2000."
    expect([BATCH_SIZE, PARAMETER_LIMIT]).toEqual([2000, 200]);
    expect(checkField(list, ids(2000))).toBeUndefined();
    expect(checkField(list, ids(2001))).toBe('The devices may not have more than 2000 items.');
    expect(checkField(select, ids(2001))).toBe('The tags may not have more than 2000 items.');
    const rows = (n: number) => Array.from({ length: n }, () => ({ name: 'x' }));
    expect(checkField(table, rows(200))).toBeUndefined();
    expect(checkField(table, rows(201))).toBe('The tasks may not have more than 200 items.');
  });

  it('list maxItems and uniqueItems hold on submission', () => {
    const f: FieldSchema = {
      key: 'l',
      label: 'List',
      component: 'ListInput',
      list: { maxItems: 2, uniqueItems: true },
    };
    expect(checkField(f, ['a', 'b', 'c'])).toBe('The list may not have more than 2 items.');
    expect(checkField(f, ['a', 'a'])).toBe('The list field has a duplicate value.');
  });

  it('numbers: type, bounds and step', () => {
    const f: FieldSchema = { key: 'n', label: 'Count', type: 'number', min: 1, max: 10, step: 0.5 };
    expect(checkField(f, 'x')).toBe('The count must be a number.');
    expect(checkField(f, 11)).toBe('The count may not be greater than 10.');
    expect(checkField(f, 1.25)).toBe('The count must be a multiple of 0.5.');
    expect(checkField(f, 2.5)).toBeUndefined();
  });

  it('a required checkbox needs its true value', () => {
    const f: FieldSchema = {
      key: 'agree',
      label: 'Agree',
      type: 'checkbox',
      required: true,
      trueValue: 1,
      falseValue: 0,
    };
    expect(checkField(f, 0)).toBe('The agree field is required.');
    expect(checkField(f, 1)).toBeUndefined();
    expect(checkField(f, 2)).toBe('The selected agree is invalid.');
  });

  it('a file field needs a file and applies the size limit', () => {
    const f: FieldSchema = { key: 'file', label: 'File', type: 'file' };
    expect(checkField(f, 'C:/fake')).toBe('The file format is invalid.');
    expect(checkField(f, { name: 'a', size: 83886081 })).toBe('Maximum file size is 80 MB');
    expect(checkField(f, { name: 'a', size: 83886081 }, { warnings: true })).toBe('Maximum file size is 80MB');
  });

  it('patterns match the whole value; patternMessage replaces the default', () => {
    const f: FieldSchema = { key: 'c', label: 'Code', pattern: '[0-9]{3}', patternMessage: 'Three digits.' };
    expect(checkField(f, '1234')).toBe('Three digits.');
    expect(checkField(f, '123')).toBeUndefined();
  });
});
