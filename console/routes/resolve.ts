// The console's route table and side menu bound to the route rules of
// engine/routes: the index, guards, paths and menu every page reads.
import * as menuRules from '../../engine/routes/menu';
import type { MenuEntry, Navigation, VisibleGroup } from '../../engine/routes/menu';
import { withAdditions } from '../../engine/routes/menu-additions';
import { indexTab as indexTabRule } from '../../engine/routes/index-tab';
import * as routeRules from '../../engine/routes/route-index';
import type { Access } from '../../engine/routes/route-index';
import type { MenuDocument } from '../../engine/schema/types';
import { menu } from './menu';
import { routes, type RouteDef } from './table';

export const routeIndex = routeRules.indexRoutes(routes);

const navigation: Navigation<RouteDef> = {
  index: routeIndex,
  menu,
  landing: 'management.devices',
  notLanding: ['form'],
};

/** Fills `:param` and `:param?` segments of a route's path; unknown optional params are dropped. */
export const pathFor = (name: string, params: Record<string, string | number | undefined> = {}): string =>
  routeRules.routePath(routeIndex, name, params);

export const routeAllowed = (name: string, access: Access): boolean =>
  routeRules.routeAllowed(routeIndex, name, access);

/** The tab a tabbed route's index shows (engine/routes/index-tab.ts). */
export const indexTab = (name: string, access: Access): RouteDef | undefined => indexTabRule(routeIndex, name, access);

/** The side menu this user sees, with the entries product owners added (the published menus/side-menu). */
export const visibleMenu = (access: Access, additions?: MenuDocument): VisibleGroup[] =>
  menuRules.visibleMenu(navigation, access, withAdditions(menu, additions));

export const firstPermittedPath = (access: Access): string | undefined =>
  menuRules.firstPermittedPath(navigation, access);

export const entryActive = (entry: MenuEntry, currentRoute: string | undefined): boolean =>
  menuRules.entryActive(navigation, entry, currentRoute);
