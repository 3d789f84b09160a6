// The heading of a page shown inside a detail route: the item's name (the
// device, company, VPN hub, quick connect or automation) as the h1, read from
// the route's `entity` endpoint; the generic route title stands in while it
// loads or when the item cannot be read.
import type { ReactNode } from 'react';
import { useEntityName } from '../layout/entityName';
import { routeIndex } from '../routes/resolve';
import type { RouteDef } from '../routes/table';
import { t } from '../../engine/i18n/i18n';
import { itemRouteChain } from '../../engine/routes/item-route';

/** The route chain (ancestors, then the route) of page `name` when one of them shows an item; else undefined. */
export function useItemRoute(name: string | undefined): RouteDef[] | undefined {
  const entry = name ? routeIndex.get(name) : undefined;
  return entry && itemRouteChain(entry);
}

export function ItemHeading(props: {
  chain: RouteDef[];
  params: Record<string, string | undefined>;
  children: ReactNode;
}) {
  const entity = useEntityName(props.chain, props.params);
  const fallback = props.chain.find((route) => route.entity);
  return (
    <div className="item-page">
      <h1 className="item-heading">{entity?.name ?? t(fallback?.title ?? '')}</h1>
      {props.children}
    </div>
  );
}
