import { describe, expect, it } from 'vitest';
import type { ListState } from './list-state';
import { exportUrl } from './query';
import { withCustomColumns } from './custom-columns';
import type { PageDocument } from './types';

const tags: PageDocument = {
  $schema: '../page.schema.json',
  title: 'Tags',
  kind: 'list',
  endpoint: '/tags',
  export: '/tags/export/csv',
  customFields: true,
  columns: [{ key: 'name', title: 'Name' }],
};

describe('withCustomColumns', () => {
  it('adds a sortable column per custom field and a text filter per field still on a form', () => {
    const doc = withCustomColumns(tags, [
      { key: 'location_note', label: 'Location note', on_form: true },
      { key: 'old_note', label: 'Old note', on_form: false },
    ]);
    expect(doc.columns).toEqual([
      { key: 'name', title: 'Name' },
      { key: 'custom_fields.location_note', title: 'Location note', sortable: true },
      { key: 'custom_fields.old_note', title: 'Old note (no longer on the form)', sortable: true },
    ]);
    expect(doc.filters).toEqual([{ key: 'custom_fields.location_note', label: 'Location note', type: 'text' }]);
    expect(withCustomColumns(tags, [])).toBe(tags);
  });

  it('adds a field per custom field to a detail page, its removed ones as no longer on the form', () => {
    const tag: PageDocument = {
      $schema: '../page.schema.json',
      title: 'Tag',
      kind: 'detail',
      endpoint: '/tags/{id}',
      customFields: true,
      fields: [],
    };
    const doc = withCustomColumns({ ...tag, fields: [{ key: 'name', title: 'Name' }] }, [
      { key: 'location_note', label: 'Location note', on_form: true },
      { key: 'old_note', label: 'Old note', on_form: false },
    ]);
    expect(doc.fields).toEqual([
      { key: 'name', title: 'Name' },
      { key: 'custom_fields.location_note', title: 'Location note' },
      { key: 'custom_fields.old_note', title: 'Old note (no longer on the form)' },
    ]);
    expect(doc.columns).toBeUndefined();
    expect(doc.filters).toBeUndefined();
  });

  it('exports the custom fields with their columns', () => {
    const state = { page: 1, pageSize: 10, q: '', filters: {}, sort: '' } as unknown as ListState;
    const url = new URL(exportUrl(tags, state, {}, ['name', 'custom_fields.location_note'])!, 'http://x');
    expect(url.searchParams.get('fields')).toBe('name,custom_fields');
  });
});
