// Pages shown inside a detail route (shell spec §6): the item's name heads
// them, read from the route's `entity` endpoint, unless the item route has a
// header document (ItemHeader) that names the item already.
import type { RouteIndexEntry } from './route-index';

/** What the item rules read of a route. */
export interface ItemRouteNode {
  /** API path of the item a detail route shows. */
  entity?: string;
  /** The route's own page document heads its tabs. */
  header?: boolean;
}

/** The route chain (ancestors, then the route) of an index entry when one of them shows an item; else undefined. */
export function itemRouteChain<R extends ItemRouteNode>(entry: RouteIndexEntry<R>): R[] | undefined {
  const chain = [...entry.trail, ...entry.nestedIn, entry.route];
  return chain.some((route) => route.entity) ? chain : undefined;
}

/** Whether the item route of the chain has a header document (ItemHeader) that names the item already. */
export function headedByItemHeader(chain: readonly ItemRouteNode[]): boolean {
  return chain.some((route) => route.header);
}
