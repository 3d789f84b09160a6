import { can } from '../../engine/permissions/can';
import { fillPath } from '../../engine/routes/path';
import type { SessionUser } from '../../engine/session/user';
import { menu, entryPermissions, type MenuEntry, type MenuGroup } from './menu';
import { DEFAULT_LANDING, routes, type RouteDef } from './table';

export interface RouteIndexEntry {
  route: RouteDef;
  /** Ancestors, outermost first (nesting and `parent` links). */
  trail: RouteDef[];
  /** Ancestors by nesting only (their guards apply too). */
  nestedIn: RouteDef[];
}

function indexRoutes(): Map<string, RouteIndexEntry> {
  const index = new Map<string, RouteIndexEntry>();
  const walk = (list: RouteDef[], nestedIn: RouteDef[]) => {
    for (const route of list) {
      index.set(route.name, { route, trail: [], nestedIn });
      if (route.tabs) walk(route.tabs, [...nestedIn, route]);
    }
  };
  walk(routes, []);
  // Trail: the detail-page parents of the outermost route, then the routes it is nested in.
  const parentChain = (route: RouteDef): RouteDef[] => {
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

export const routeIndex = indexRoutes();

export function findRoute(name: string): RouteDef | undefined {
  return routeIndex.get(name)?.route;
}

/** Fills `:param` and `:param?` segments; unknown optional params are dropped. */
export function pathFor(name: string, params: Record<string, string | number | undefined> = {}): string {
  const route = findRoute(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return fillPath(route.path, params);
}

export interface Access {
  user: SessionUser | null;
  disabledRoutes: readonly string[];
}

/** A route is open when it, and every route it is nested in, passes its guard and is not disabled by the theme. */
export function routeAllowed(name: string, { user, disabledRoutes }: Access): boolean {
  const entry = routeIndex.get(name);
  if (!entry) return false;
  return [...entry.nestedIn, entry.route].every(
    (route) => !disabledRoutes.includes(route.name) && can(user, route.permission, route.mode),
  );
}

export interface VisibleEntry extends MenuEntry {
  /** The route the link opens (first permitted of `routes`). */
  target: string;
  path: string;
}

export interface VisibleGroup extends Omit<MenuGroup, 'entries'> {
  entries: VisibleEntry[];
}

function visibleEntry(entry: MenuEntry, access: Access): VisibleEntry | undefined {
  const extra = entryPermissions[entry.label];
  if (extra && !can(access.user, extra)) return undefined;
  const target = entry.routes.find((name) => routeAllowed(name, access));
  if (!target) return undefined;
  return { ...entry, target, path: pathFor(target, entry.params) };
}

/** The side menu for this user and theme: only permitted, enabled entries; empty groups dropped. */
export function visibleMenu(access: Access): VisibleGroup[] {
  return menu
    .map((group) => ({
      ...group,
      entries: group.entries.map((e) => visibleEntry(e, access)).filter((e): e is VisibleEntry => Boolean(e)),
    }))
    .filter((group) => group.entries.length > 0);
}

/**
 * First permitted menu page (shell spec §6): the default landing page when
 * allowed, else the first visible menu entry; undefined means Access denied.
 */
export function firstPermittedPath(access: Access): string | undefined {
  if (routeAllowed('management.devices', access)) return DEFAULT_LANDING;
  const entries = visibleMenu(access).flatMap((group) => group.entries);
  return entries.find((entry) => entry.target !== 'form')?.path;
}

/** Whether a menu entry stays highlighted for the current route name. */
export function entryActive(entry: MenuEntry, currentRoute: string | undefined): boolean {
  if (!currentRoute) return false;
  const names = [...entry.routes, ...(entry.related ?? [])];
  const entryTrail = routeIndex.get(currentRoute);
  const chain = [currentRoute, ...(entryTrail?.trail.map((route) => route.name) ?? [])];
  return chain.some((name) => names.includes(name));
}
