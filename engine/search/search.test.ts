import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../session/user';
import {
  chosenSources,
  countBadge,
  permittedSources,
  runSearch,
  searchMessage,
  SEARCH_SOURCES,
  shouldSearch,
} from './search';

afterEach(() => vi.unstubAllGlobals());

const user = (permissions: string[]) =>
  ({ permissions, company: { level: 1 }, role: { name: 'x' } }) as unknown as SessionUser;

describe('global search', () => {
  it('gates sources by view permission and restores the chosen ones', () => {
    const permitted = permittedSources(user(['view_devices', 'view_tags']), () => true);
    expect(permitted.map((s) => s.label)).toEqual(['Devices', 'Tags']);
    expect(chosenSources(null, permitted)).toEqual(['devices', 'tags']);
    expect(chosenSources('["tags","users"]', permitted)).toEqual(['tags']);
    expect(chosenSources('[]', permitted)).toEqual([]);
    expect(chosenSources('garbage', permitted)).toEqual(['devices', 'tags']);
  });

  it('skips a source whose result page the theme disables', () => {
    const all = ['view_devices', 'view_vpn_hubs', 'view_tags'];
    const open = (route: string) => route !== 'vpn-hub';
    expect(permittedSources(user(all), open).map((s) => s.id)).toEqual(['devices', 'tags']);
  });

  it('searches only with a trimmed query and a source', () => {
    expect(shouldSearch('  ', ['devices'])).toBe(false);
    expect(shouldSearch('rut', [])).toBe(false);
    expect(shouldSearch(' rut ', ['devices'])).toBe(true);
  });

  it('tells why nothing is listed: no source, no query, no result; nothing while waiting or with items', () => {
    const [devices, tags] = SEARCH_SOURCES;
    const item = { id: 1, name: 'RUT955' };
    expect(searchMessage('rut', [], null)).toBe('No search criteria selected');
    expect(searchMessage('', [], null)).toBe('No search criteria selected');
    expect(searchMessage('  ', ['devices'], null)).toBe('Type to start searching');
    expect(searchMessage('rut', ['devices'], null)).toBeNull();
    const none = [
      { source: devices, items: [], total: 0 },
      { source: tags, items: [], total: 0 },
    ];
    expect(searchMessage('rut', ['devices', 'tags'], none)).toBe('No results found');
    expect(searchMessage('rut', ['devices', 'tags'], [none[0], { source: tags, items: [item], total: 1 }])).toBeNull();
  });

  it('makes one call per source with q, limit 10, search-fields and fields', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ success: true, data: [{ id: 1, name: 'RUT' }], meta: { total: 42 } }));
      }),
    );
    const results = await runSearch(' rut ', SEARCH_SOURCES.slice(0, 2));
    expect(urls).toEqual([
      '/api/devices?q=rut&limit=10&search-fields=name%2Cemail&fields=id%2Cname%2Cstatus%2Cemail%2Cprotocol%2Cenabled%2Ccolor',
      '/api/companies?q=rut&limit=10&search-fields=name%2Cemail&fields=id%2Cname%2Cstatus%2Cemail%2Cprotocol%2Cenabled%2Ccolor',
    ]);
    expect(results[0].total).toBe(42);
    expect(countBadge(results[0].total)).toBe('10+');
    expect(countBadge(10)).toBe('10');
  });
});
