import { describe, expect, it } from 'vitest';
import { withFilterLabels } from './column-labels';
import type { PageColumn, PageFilter } from './types';

const protocol: PageFilter = {
  key: 'protocol',
  label: 'Protocol',
  type: 'select',
  options: [
    { value: 'ssh', label: 'SSH' },
    { value: 1, label: 'Enabled' },
  ],
};

describe('withFilterLabels', () => {
  it("labels a column's codes with the options of the filter on the same key", () => {
    const [column] = withFilterLabels([{ key: 'protocol', title: 'Protocol' }], [protocol]);
    expect(column.labels).toEqual({ ssh: 'SSH', 1: 'Enabled' });
  });

  it('leaves formatted columns, other keys and lists without filters alone', () => {
    const formatted: PageColumn = { key: 'protocol', title: 'Protocol', formatter: 'uppercase' };
    const other: PageColumn = { key: 'name', title: 'Name' };
    expect(withFilterLabels([formatted, other], [protocol])).toEqual([formatted, other]);
    expect(withFilterLabels([other], undefined)).toEqual([other]);
  });
});
