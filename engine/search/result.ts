// How a global-search result shows (shell spec §6): its label and the page it links to.
import type { SearchItem, SearchSource } from './search';

/** The path of a route by name with its params filled (the console's route table). */
export type RoutePathOf = (route: string, params?: Record<string, string | number | undefined>) => string;

/** A search result links to its page: the detail route by id, or the list page filtered by the query. */
export function resultPath(source: SearchSource, item: SearchItem, query: string, pathOf: RoutePathOf): string {
  if (source.param) return pathOf(source.route, { [source.param]: item.id });
  return `${pathOf(source.route)}?q=${encodeURIComponent(item.email ?? item.name ?? query)}`;
}

/** A result reads as its name, else its e-mail, else its id. */
export function resultLabel(item: SearchItem): string {
  return String(item.name ?? item.email ?? item.id);
}
