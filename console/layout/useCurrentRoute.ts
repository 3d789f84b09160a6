import { createContext, useContext } from 'react';
import type { RouteDef } from '../routes/table';

/** The deepest route of the table the location matches (the app's routes provide it, console/app/router). */
export const CurrentRouteContext = createContext<RouteDef | undefined>(undefined);

export function useCurrentRoute(): RouteDef | undefined {
  return useContext(CurrentRouteContext);
}
