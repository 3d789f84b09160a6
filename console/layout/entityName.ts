import { useEffect, useState } from 'react';
import { http, type CacheOptions } from '../../engine/http/client';
import { entityNameOf, entityUrl } from '../../engine/routes/entity';
import type { RouteDef } from '../routes/table';

/** Names of detail items are asked once per half minute per item, whatever the tab. */
export const ENTITY_NAME_CACHE: CacheOptions = { ttl: 30_000, max: 20 };

/**
 * The name of the item the first entity route of `chain` shows (a device, company, hub ...), for breadcrumbs.
 * Undefined while loading or when the item cannot be read; the generic title stands in then.
 */
export function useEntityName(
  chain: RouteDef[],
  params: Record<string, string | undefined>,
): { route: RouteDef; name: string } | undefined {
  const route = chain.find((candidate) => candidate.entity);
  const url = route?.entity ? entityUrl(route.entity, params) : undefined;
  const [loaded, setLoaded] = useState<{ url: string; name?: string }>();
  useEffect(() => {
    if (!url) return;
    let live = true;
    http
      .get(url, { cache: ENTITY_NAME_CACHE })
      .then((response) => live && setLoaded({ url, name: entityNameOf(response.data) }))
      .catch(() => live && setLoaded({ url }));
    return () => {
      live = false;
    };
  }, [url]);
  if (!route || !url || loaded?.url !== url || !loaded.name) return undefined;
  return { route, name: loaded.name };
}
