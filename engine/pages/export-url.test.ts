import { describe, expect, it } from 'vitest';
import { exportUrl } from './query';
import type { PageDocument } from './types';

const doc = {
  $schema: '../page.schema.json',
  title: 'Devices',
  kind: 'list',
  endpoint: '/devices',
  export: '/devices/export/csv',
  params: { company_id: '{company_id}' },
  filters: [{ key: 'status', label: 'Status', options: [] }],
} as unknown as PageDocument;
const state = { page: 3, pageSize: 25, sort: '-name', q: ' riga ', filters: { status: '1', bogus: 'x' } };

describe('exportUrl', () => {
  it('is the filtered list query without paging, with the visible columns as fields', () => {
    const url = new URL(exportUrl(doc, state, { company_id: '4' }, ['name', 'serial', 'company.name'])!, 'http://x');
    expect(url.pathname).toBe('/api/devices/export/csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      company_id: '4',
      sort: '-name',
      q: 'riga',
      status: '1',
      fields: 'name,serial',
    });
  });

  it('is absent for lists without an export', () => {
    expect(exportUrl({ ...doc, export: undefined }, state, {}, ['name'])).toBeUndefined();
  });
});
