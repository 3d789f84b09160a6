import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultListState } from '../../engine/pages/list-state';
import { buildListQuery, listFields } from '../../engine/pages/query';
import type { PageDocument } from '../../engine/pages/types';
import { rows, useServer } from './harness';

// A list page asks only for the fields its rows use (engine/pages/query listFields): over real HTTP, for
// every list page of schemas/pages whose endpoint needs no route parameter, the rows it gets with `fields`
// carry each column's value exactly as the whole records do.

const { superAdmin } = useServer({ superAdmin: 'super@example.com' });

const folder = path.resolve(import.meta.dirname, '../../schemas/pages');
const pages = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({ file, doc: JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as PageDocument }))
  .filter(({ doc }) => doc.kind === 'list' && doc.endpoint && !doc.endpoint.includes('{') && listFields(doc));

const valueOf = (row: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], row);

describe('list pages ask for the fields they show', () => {
  it('covers the list pages without row actions, the device list among them', () => {
    expect(pages.map(({ file }) => file)).toContain('management.devices.json');
    expect(pages.length).toBeGreaterThan(10);
  });

  it.each(pages.map(({ file, doc }) => [file, doc] as const))('%s: the same column values', async (_file, doc) => {
    // The page's own query (its fixed parameters, sort and first page), with and without its fields.
    const { fields, ...query } = buildListQuery(doc, { ...defaultListState(doc), pageSize: 25 });
    expect(fields).toBe(listFields(doc)!.join(','));
    const url = (params: Record<string, unknown>) =>
      `/api${doc.endpoint}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
    const whole = await superAdmin.get(url(query));
    const asked = await superAdmin.get(url({ ...query, fields }));
    expect(asked.status).toBe(whole.status);
    if (whole.status !== 200) return;
    const [all, some] = [rows(whole), rows(asked)];
    expect(some.length).toBe(all.length);
    for (const [i, row] of all.entries()) {
      for (const column of doc.columns ?? []) {
        expect(valueOf(some[i], column.key), `${column.key} of row ${i}`).toEqual(valueOf(row, column.key));
      }
    }
  });
});
