// The route table's rules (shell spec §2, §6): each route indexed by name with
// its breadcrumb trail, the guard that opens it, and its path. The table itself
// (console/routes/table.ts) is the console's; these rules read only what they need.
import { can, type PermissionMode } from '../permissions/can';
import type { SessionUser } from '../session/user';
import { fillPath } from './path';

/** What the route rules read of a route. */
export interface RouteNode<R extends RouteNode<R>> {
  name: string;
  path: string;
  title: string;
  permission?: string | string[];
  mode?: PermissionMode;
  /** Tabs: nested routes of this one. */
  tabs?: R[];
  /** Default tab (index redirect), relative to this route's path. */
  defaultTab?: string;
  /** Hidden from tab strips (a tab reached only by link). */
  hiddenTab?: boolean;
  /** Breadcrumb parent by route name when not nested (detail pages). */
  parent?: string;
}

export interface RouteIndexEntry<R> {
  route: R;
  /** Ancestors, outermost first (nesting and `parent` links). */
  trail: R[];
  /** Ancestors by nesting only (their guards apply too). */
  nestedIn: R[];
}

export type RouteIndex<R> = Map<string, RouteIndexEntry<R>>;

export function indexRoutes<R extends RouteNode<R>>(routes: R[]): RouteIndex<R> {
  const index: RouteIndex<R> = new Map();
  const walk = (list: R[], nestedIn: R[]) => {
    for (const route of list) {
      index.set(route.name, { route, trail: [], nestedIn });
      if (route.tabs) walk(route.tabs, [...nestedIn, route]);
    }
  };
  walk(routes, []);
  // Trail: the detail-page parents of the outermost route, then the routes it is nested in.
  const parentChain = (route: R): R[] => {
    const parent = route.parent ? index.get(route.parent) : undefined;
    if (!parent) return [];
    const top = parent.nestedIn[0] ?? parent.route;
    return [...parentChain(top), ...parent.nestedIn, parent.route];
  };
  for (const entry of index.values()) {
    const top = entry.nestedIn[0] ?? entry.route;
    // A tab container sharing the path or the title of the current tab is not a separate crumb
    // ("Resources / Resources" reads as one).
    const nested = entry.nestedIn.filter(
      (route) => route.path !== entry.route.path && route.title !== entry.route.title,
    );
    entry.trail = [...parentChain(top), ...nested];
  }
  return index;
}

/** The path of a route by name, `:param` and `:param?` segments filled (fillPath). */
export function routePath<R extends RouteNode<R>>(
  index: RouteIndex<R>,
  name: string,
  params: Record<string, string | number | undefined> = {},
): string {
  const route = index.get(name)?.route;
  if (!route) throw new Error(`Unknown route ${name}`);
  return fillPath(route.path, params);
}

export interface Access {
  user: SessionUser | null;
  disabledRoutes: readonly string[];
}

/** A route is open when it, and every route it is nested in, passes its guard and is not disabled by the theme. */
export function routeAllowed<R extends RouteNode<R>>(index: RouteIndex<R>, name: string, access: Access): boolean {
  const entry = index.get(name);
  if (!entry) return false;
  return [...entry.nestedIn, entry.route].every(
    (route) => !access.disabledRoutes.includes(route.name) && can(access.user, route.permission, route.mode),
  );
}
