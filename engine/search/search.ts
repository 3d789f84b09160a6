import { listQuery } from '../contract/list-query';
import { can } from '../permissions/can';
import { http } from '../http/client';
import type { SessionUser } from '../session/user';

/** Global search constants (shell spec §5, §7, §9). */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_LIMIT = 10;
export const SEARCH_FIELDS = ['name', 'email'];
export const RESULT_FIELDS = ['id', 'name', 'status', 'email', 'protocol', 'enabled', 'color'];
export const SEARCH_SOURCES_KEY = 'global_search_sources';

export const searchMessages = {
  noResults: 'No results found',
  typeToSearch: 'Type to start searching',
  noCriteria: 'No search criteria selected',
} as const;

export interface SearchSource {
  id: 'devices' | 'companies' | 'remote-access' | 'vpn-hubs' | 'tags' | 'users' | 'files';
  label: string;
  url: string;
  permission: string;
  /** Route the result links to, and the param its id fills. */
  route: string;
  param?: string;
}

/** The seven sources of shell spec §6, each gated by its view permission. */
export const SEARCH_SOURCES: SearchSource[] = [
  { id: 'devices', label: 'Devices', url: '/devices', permission: 'view_devices', route: 'device.detail', param: 'id' },
  {
    id: 'companies',
    label: 'Companies',
    url: '/companies',
    permission: 'view_companies',
    route: 'company.info',
    param: 'company_id',
  },
  {
    id: 'remote-access',
    label: 'Remote access',
    url: '/devices/remote-access',
    permission: 'view_device_remote_access',
    route: 'remote.info',
    param: 'id',
  },
  { id: 'vpn-hubs', label: 'VPN hubs', url: '/vpn/hubs', permission: 'view_vpn_hubs', route: 'vpn-hub', param: 'id' },
  { id: 'tags', label: 'Tags', url: '/tags', permission: 'view_tags', route: 'tag.chart', param: 'id' },
  { id: 'users', label: 'Users', url: '/users', permission: 'view_users', route: 'users.table' },
  { id: 'files', label: 'Files', url: '/files', permission: 'view_files', route: 'management.files' },
];

export interface SearchItem {
  id: number | string;
  name?: string;
  status?: number | string;
  email?: string;
  protocol?: string;
  enabled?: boolean;
  color?: string;
  actions?: unknown;
}

export interface SourceResult {
  source: SearchSource;
  items: SearchItem[];
  total: number;
}

/**
 * The sources the user may search: each needs its view permission, and the page its results open must be
 * open to the user (`routeOpen`: the route guard, and not disabled by the theme), so no result leads to a
 * closed page.
 */
export function permittedSources(user: SessionUser | null, routeOpen: (route: string) => boolean): SearchSource[] {
  return SEARCH_SOURCES.filter((source) => can(user, source.permission) && routeOpen(source.route));
}

/** Chosen sources from local storage, limited to the permitted ones (all permitted by default). */
export function chosenSources(stored: string | null, permitted: SearchSource[]): SearchSource['id'][] {
  if (stored === null) return permitted.map((source) => source.id);
  try {
    const ids = JSON.parse(stored) as unknown;
    if (!Array.isArray(ids)) return permitted.map((source) => source.id);
    return permitted.filter((source) => ids.includes(source.id)).map((source) => source.id);
  } catch {
    return permitted.map((source) => source.id);
  }
}

/** Runs only for a non-empty trimmed query with at least one source (shell spec §5). */
export function shouldSearch(query: string, sources: readonly unknown[]): boolean {
  return query.trim() !== '' && sources.length > 0;
}

/** The panel's status text (shell spec §7): no source chosen, nothing typed, or an answer without items; else null. */
export function searchMessage(
  query: string,
  sources: readonly unknown[],
  results: readonly SourceResult[] | null,
): string | null {
  if (!sources.length) return searchMessages.noCriteria;
  if (!query.trim()) return searchMessages.typeToSearch;
  if (results && results.every((result) => result.items.length === 0)) return searchMessages.noResults;
  return null;
}

export function searchParams(query: string) {
  return listQuery({ q: query, limit: SEARCH_LIMIT, searchFields: SEARCH_FIELDS, fields: RESULT_FIELDS });
}

/** One call per chosen source; a failing source yields no items. */
export async function runSearch(query: string, sources: SearchSource[], signal?: AbortSignal): Promise<SourceResult[]> {
  return Promise.all(
    sources.map(async (source) => {
      try {
        const response = await http.get<{ data?: SearchItem[]; meta?: { total?: number } }>(source.url, {
          params: searchParams(query),
          signal,
        });
        const items = response.data?.data ?? [];
        return { source, items, total: response.data?.meta?.total ?? items.length };
      } catch (error) {
        if (signal?.aborted) throw error;
        return { source, items: [], total: 0 };
      }
    }),
  );
}

/** The count badge: "10+" when the total exceeds the page of 10. */
export function countBadge(total: number): string {
  return total > SEARCH_LIMIT ? `${SEARCH_LIMIT}+` : String(total);
}
