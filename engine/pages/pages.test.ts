import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { devicesDoc as doc } from './sample-document';
import { placeholderKeys } from '../contract/endpoint';
import { resolvePath, resolveTemplate } from './template';
import {
  ariaSort,
  defaultListState,
  nextSort,
  pageCount,
  pageRange,
  parseListState,
  serializeListState,
  type ListState,
} from './list-state';
import { buildListQuery, listFields, rowName } from './query';
import type { PageDocument } from './types';
import { emptySelection, pageCheckState, selectedIds, togglePage, toggleRow } from './selection';
import {
  hasRelativeTimes,
  moveColumn,
  reminders,
  setColumnVisible,
  visibleColumns,
  withExactTimes,
} from './preferences';

describe('templates', () => {
  it('keeps whole values and fills text', () => {
    expect(resolveTemplate('{$ids}', { $ids: [1, 2] })).toEqual([1, 2]);
    expect(resolveTemplate('Delete {count} devices?', { count: 3 })).toBe('Delete 3 devices?');
    expect(resolveTemplate('{company.name}', { company: { name: 'Acme' } })).toBe('Acme');
    expect(resolvePath('/devices/{id}', { id: 'a/b' })).toBe('/devices/a%2Fb');
    expect(resolvePath('/companies/{company_id}', {})).toBeUndefined();
    expect(placeholderKeys('/x/{a}/{b.c}')).toEqual(['a', 'b.c']);
  });
});

describe('list state and URL', () => {
  const base = defaultListState(doc);
  it('defaults from the document', () => {
    expect(base).toEqual({ page: 1, pageSize: 10, sort: '-status', q: '', filters: {} });
    expect(defaultListState(doc, 25).pageSize).toBe(25);
    expect(defaultListState(doc, 33).pageSize).toBe(10);
  });
  it('reads the URL and ignores what the document does not allow', () => {
    const params = new URLSearchParams('page=3&limit=25&sort=-name&q=rut&f.status=1&f.evil=1&other=x');
    expect(parseListState(params, doc, base)).toEqual({
      page: 3,
      pageSize: 25,
      sort: '-name',
      q: 'rut',
      filters: { status: '1' },
    });
    expect(parseListState(new URLSearchParams('sort=serial&limit=7&page=-1'), doc, base)).toEqual(base);
  });
  it('round-trips through the URL and keeps foreign params', () => {
    const states = fc.record({
      page: fc.integer({ min: 1, max: 1000 }),
      pageSize: fc.constantFrom(10, 25),
      sort: fc.constantFrom('', 'name', '-name', 'status', '-status'),
      q: fc.string({ maxLength: 20 }),
      filters: fc.constantFrom<Record<string, string>[]>({}, { status: '1' }),
    });
    fc.assert(
      fc.property(states, (state: ListState) => {
        const url = serializeListState(state, base, new URLSearchParams('tab=x'));
        expect(url.get('tab')).toBe('x');
        expect(parseListState(url, doc, base)).toEqual(state);
      }),
    );
  });
  it('cycles sorting and reports aria-sort', () => {
    expect(nextSort('-status', 'name', '-status')).toBe('name');
    expect(nextSort('name', 'name', '-status')).toBe('-name');
    expect(nextSort('-name', 'name', '-status')).toBe('-status');
    expect(nextSort('-status', 'status', '-status')).toBe('status');
    expect(ariaSort('-name', 'name')).toBe('descending');
    expect(ariaSort('name', 'name')).toBe('ascending');
    expect(ariaSort('name', 'status')).toBe('none');
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(100001, 25)).toBe(4001);
  });

  it('names the rows a page shows: 1–25 of 60, the last page short, none of none', () => {
    expect(pageRange(1, 25, 60)).toEqual({ first: 1, last: 25 });
    expect(pageRange(3, 25, 60)).toEqual({ first: 51, last: 60 });
    expect(pageRange(1, 25, 0)).toEqual({ first: 0, last: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 100 }), (total, pageSize) => {
        const pages = pageCount(total, pageSize);
        const last = pageRange(pages, pageSize, total);
        expect(last.last).toBe(total);
        expect(last.last - last.first + 1).toBeLessThanOrEqual(pageSize);
        expect(last.first).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('list query', () => {
  it('builds limit, offset, q, sort and filters', () => {
    const state: ListState = { page: 3, pageSize: 25, sort: '-name', q: ' rut ', filters: { status: '1', bad: 'x' } };
    expect(buildListQuery(doc, state, { company_id: 7 })).toEqual({
      company_id: 7,
      limit: 25,
      offset: 50,
      sort: '-name',
      q: 'rut',
      'search-fields': 'name,serial',
      status: '1',
    });
    expect(buildListQuery(doc, defaultListState(doc))).toEqual({ limit: 10, offset: 0, sort: '-status' });
  });
  it('asks for the fields its rows use, unless a row action takes the whole row', () => {
    const table: PageDocument = {
      ...doc,
      rowActions: undefined,
      customFields: true,
      columns: [
        { key: 'name', title: 'Name', link: '/devices/{id}/{company.id}' },
        { key: 'status', title: 'Status', formatter: 'attempt' },
        { key: 'custom_fields.note', title: 'Note' },
      ],
    };
    expect(listFields(table)?.sort()).toEqual(
      ['company', 'custom_fields', 'email', 'id', 'name', 'reason', 'serial', 'status', 'title'].sort(),
    );
    expect(buildListQuery(table, defaultListState(table)).fields).toBe(listFields(table)!.join(','));
    // The document's own `fields` parameter wins; a row action's context is the whole row.
    expect(buildListQuery({ ...table, params: { fields: 'id' } }, defaultListState(table)).fields).toBe('id');
    // A live list asks for the company its rows' changes come on (without it the list never hears of them).
    expect(listFields({ ...table, live: true })).toContain('company_id');
    expect(listFields(table)).not.toContain('company_id');
    expect(listFields(doc)).toBeUndefined();
    expect(buildListQuery(doc, defaultListState(doc)).fields).toBeUndefined();
  });
  it('names a row by its first naming field, else its key', () => {
    expect(rowName({ id: 7, email: 'a@b.c', serial: '11' }, 'id')).toBe('a@b.c');
    expect(rowName({ id: 7, name: null, title: 'Weekly' }, 'id')).toBe('Weekly');
    expect(rowName({ code: 'X1' }, 'code')).toBe('X1');
  });
  it('offset is always (page - 1) * limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.constantFrom(10, 25), (page, pageSize) => {
        const q = buildListQuery(doc, { ...defaultListState(doc), page, pageSize });
        expect(q.offset).toBe((page - 1) * pageSize);
      }),
    );
  });
});

describe('selection', () => {
  const idOf = (r: Record<string, unknown>) => r.id as number;
  const page1 = [{ id: 1 }, { id: 2 }];
  const page2 = [{ id: 3 }, { id: 4 }];
  it('survives paging', () => {
    let s = togglePage(emptySelection, page1, idOf);
    s = toggleRow(s, 3, page2[0]);
    expect(selectedIds(s)).toEqual([1, 2, 3]);
    expect(pageCheckState(s, [1, 2])).toBe('all');
    expect(pageCheckState(s, [3, 4])).toBe('some');
    s = togglePage(s, page1, idOf);
    expect(selectedIds(s)).toEqual([3]);
  });
  it('toggling a row twice is the identity', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer(), { maxLength: 20 }), fc.integer(), (ids, id) => {
        let s = emptySelection;
        for (const i of ids) s = toggleRow(s, i, { id: i });
        const before = selectedIds(s).sort();
        s = toggleRow(toggleRow(s, id, { id }), id, { id });
        expect(selectedIds(s).sort()).toEqual(before);
      }),
    );
  });
});

describe('table preferences', () => {
  it('hides by default, shows by choice, reorders, keeps one column', () => {
    expect(visibleColumns(doc).map((c) => c.key)).toEqual(['name', 'status', 'serial']);
    let prefs = setColumnVisible({}, 'mac', true);
    prefs = moveColumn(doc, prefs, 'mac', -1);
    expect(visibleColumns(doc, prefs).map((c) => c.key)).toEqual(['name', 'status', 'mac', 'serial']);
    const none = ['name', 'status', 'serial', 'mac'].reduce((p, k) => setColumnVisible(p, k, false), {});
    expect(visibleColumns(doc, none).map((c) => c.key)).toEqual(['name']);
    expect(moveColumn(doc, {}, 'name', -1)).toEqual({});
  });
  it('shows relative times as exact ones when the user asks, and only those columns', () => {
    const columns = [
      { key: 'name', title: 'Name' },
      { key: 'last_login_at', title: 'Last login', formatter: 'relativeTime' },
      { key: 'created_at', title: 'Created', formatter: 'dateTime' },
    ];
    expect(hasRelativeTimes({ ...doc, columns })).toBe(true);
    expect(hasRelativeTimes(doc)).toBe(false);
    expect(withExactTimes(columns, {})).toBe(columns);
    expect(withExactTimes(columns, { exactTimes: false })).toBe(columns);
    expect(withExactTimes(columns, { exactTimes: true }).map((c) => c.formatter)).toEqual([
      undefined,
      'dateTime',
      'dateTime',
    ]);
    expect(columns[1].formatter).toBe('relativeTime');
  });
  it('lists the prompt reminders', () => {
    expect(reminders(doc)).toEqual([{ key: 'remind.delete-devices', label: 'Delete {count} devices?' }]);
  });
});
