import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../../engine/http/client';
import { exportTable } from '../../engine/pages/export-table';
import { EXPORT_PAGE_SIZE, fetchAllRows } from '../../engine/pages/fetch-list';
import { defaultListState } from '../../engine/pages/list-state';
import { visibleColumns } from '../../engine/pages/preferences';
import { translateDocument } from '../../engine/pages/translate';
import type { PageDocument } from '../../engine/pages/types';
import type { FormatContext } from '../../engine/format/formatters';
import { rows, tokenClient, useServer } from './harness';

// A large list exported in the operator's terms (issue 32, item 2), as the console's Export menu does it against
// the real server: every row of the filtered list fetched a page at a time, the progress told after each page and
// the export stopped when the operator cancels; the rows written as the table shows them, in the operator's
// language and time zone.

const { server, admin } = useServer({ admin: 'admin@example.com' }, { devices: 2400 });
const page = JSON.parse(readFileSync('schemas/pages/management.devices.json', 'utf8')) as PageDocument;
const online = { ...defaultListState(page), filters: { status: '1' }, sort: 'name' };

// The console's HTTP client, calling the server with a token of the admin's; as it was after (test files share
// the worker's modules).
const settings = { ...http.settings };
beforeAll(async () => {
  const { token } = await tokenClient(server, admin, ['devices:read']);
  http.configure({
    baseURL: `${server.url}/api`,
    adapter: 'fetch',
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Authorization', `Bearer ${token}`);
      return fetch(input, { ...init, headers });
    },
  });
});
afterAll(() => http.configure(settings));

const contextOf = (language: string, timeZone: string): FormatContext => {
  const messages = JSON.parse(readFileSync(`console/i18n/${language}.json`, 'utf8')) as Record<string, string>;
  return { locale: language, timeZone, translate: (text) => messages[text] ?? text };
};

describe('a list export', () => {
  it('fetches every row of the filtered list a page at a time, telling its progress after each', async () => {
    const total = (await admin.get('/api/devices?status=1&limit=1')).body.meta as { total: number };
    expect(total.total).toBeGreaterThan(2 * EXPORT_PAGE_SIZE);
    const progress: [number, number][] = [];
    const all = await fetchAllRows(page, online, {}, (done, of) => progress.push([done, of]));
    expect(all).toHaveLength(total.total);
    expect(new Set(all.map((r) => r.id)).size).toBe(total.total);
    expect(all.every((r) => r.status === 1)).toBe(true);
    const pages = Math.ceil(total.total / EXPORT_PAGE_SIZE);
    expect(progress).toEqual(
      Array.from({ length: pages }, (_, i) => [Math.min((i + 1) * EXPORT_PAGE_SIZE, total.total), total.total]),
    );
  });

  it('stops when cancelled, without fetching the pages left', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    const run = fetchAllRows(
      page,
      online,
      {},
      (done) => {
        progress.push(done);
        controller.abort();
      },
      controller.signal,
    );
    await expect(run).rejects.toThrow();
    expect(progress).toEqual([EXPORT_PAGE_SIZE]);
  });

  it('writes the rows as the table shows them, in Norsk in Oslo and in Japanese in Tokyo', async () => {
    const first = rows(await admin.get('/api/devices?status=1&sort=name&limit=1&fields=name,last_connection_at'))[0];
    const all = await fetchAllRows(page, online, {}, () => undefined);
    for (const [language, zone, offset] of [
      ['no', 'Europe/Oslo', /\+0[12]:00$/],
      ['ja', 'Asia/Tokyo', /\+09:00$/],
    ] as const) {
      const ctx = contextOf(language, zone);
      const columns = visibleColumns(translateDocument(page, ctx.translate!));
      const table = exportTable(columns, all, ctx);
      const at = (title: string) => table.header.indexOf(ctx.translate!(title));
      expect(table.rows).toHaveLength(all.length);
      expect(table.rows[0][at('Name')]).toBe(first.name);
      expect(new Set(table.rows.map((row) => row[at('Status')]))).toEqual(new Set([ctx.translate!('Online')]));
      expect(String(table.rows[0][at('Last connection')])).toMatch(offset);
      expect(ctx.translate!('Online')).not.toBe('Online');
    }
  });
});
