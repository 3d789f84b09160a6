import { useMatches } from 'react-router-dom';
import type { RouteDef } from '../routes/table';

/** The deepest matched route of the table. */
export function useCurrentRoute(): RouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const route = (matches[i].handle as { route?: RouteDef } | undefined)?.route;
    if (route) return route;
  }
  return undefined;
}
