import type { SearchItem, SearchSource } from '../../engine/search/search';
import { pathFor } from '../routes/resolve';

/** A search result links to its page: the detail route by id, or the list page filtered by the query. */
export function resultPath(source: SearchSource, item: SearchItem, query: string): string {
  if (source.param) return pathFor(source.route, { [source.param]: item.id });
  return `${pathFor(source.route)}?q=${encodeURIComponent(item.email ?? item.name ?? query)}`;
}
