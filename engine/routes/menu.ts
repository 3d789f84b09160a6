// The side menu of shell spec §2, derived from the route table: each entry
// names its route (or routes: the first permitted one is shown), takes its
// permission from that route, and lists related routes that keep it
// highlighted. The first permitted page (§6) is read from the same menu.
import { can } from '../permissions/can';
import { routeAllowed, routePath, type Access, type RouteIndex, type RouteNode } from './route-index';

export interface MenuEntry {
  /** Label (interface string, translated by the i18n catalogue). */
  label: string;
  /** Route names; the first the user may open is the link target. */
  routes: string[];
  /** Params for the link target (e.g. the generic form name). */
  params?: Record<string, string>;
  /** Route names that keep this entry highlighted. */
  related?: string[];
  /** Permission(s) of an entry whose route has none of its own (the generic form route). */
  permission?: string | readonly string[];
}

export interface MenuGroup {
  name: string;
  icon: string;
  label?: string;
  entries: MenuEntry[];
}

export interface VisibleEntry extends MenuEntry {
  /** The route the link opens (first permitted of `routes`). */
  target: string;
  path: string;
}

export interface VisibleGroup extends Omit<MenuGroup, 'entries'> {
  entries: VisibleEntry[];
}

/** A console's routes and menu, as the menu rules read them. */
export interface Navigation<R extends RouteNode<R>> {
  index: RouteIndex<R>;
  menu: MenuGroup[];
  /** The default landing route (shell spec §6). */
  landing: string;
  /** Routes a menu entry may open that are never a landing page (the generic form). */
  notLanding: readonly string[];
}

function visibleEntry<R extends RouteNode<R>>(
  nav: Navigation<R>,
  entry: MenuEntry,
  access: Access,
): VisibleEntry | undefined {
  if (!can(access.user, entry.permission)) return undefined;
  const target = entry.routes.find((name) => routeAllowed(nav.index, name, access));
  if (!target) return undefined;
  return { ...entry, target, path: routePath(nav.index, target, entry.params) };
}

/**
 * The side menu (`menu`: the console's own, or with the entries product owners added, menu-additions.ts) for this
 * user and theme: only permitted, enabled entries; empty groups dropped.
 */
export function visibleMenu<R extends RouteNode<R>>(
  nav: Navigation<R>,
  access: Access,
  menu: MenuGroup[] = nav.menu,
): VisibleGroup[] {
  return menu
    .map((group) => ({
      ...group,
      entries: group.entries.map((e) => visibleEntry(nav, e, access)).filter((e): e is VisibleEntry => Boolean(e)),
    }))
    .filter((group) => group.entries.length > 0);
}

/**
 * First permitted menu page (shell spec §6): the default landing page when
 * allowed, else the first visible menu entry; undefined means Access denied.
 */
export function firstPermittedPath<R extends RouteNode<R>>(nav: Navigation<R>, access: Access): string | undefined {
  if (routeAllowed(nav.index, nav.landing, access)) return routePath(nav.index, nav.landing);
  const entries = visibleMenu(nav, access).flatMap((group) => group.entries);
  return entries.find((entry) => !nav.notLanding.includes(entry.target))?.path;
}

/** Whether a menu entry stays highlighted for the current route name. */
export function entryActive<R extends RouteNode<R>>(
  nav: Navigation<R>,
  entry: MenuEntry,
  currentRoute: string | undefined,
): boolean {
  if (!currentRoute) return false;
  const names = [...entry.routes, ...(entry.related ?? [])];
  const entryTrail = nav.index.get(currentRoute);
  const chain = [currentRoute, ...(entryTrail?.trail.map((route) => route.name) ?? [])];
  return chain.some((name) => names.includes(name));
}
