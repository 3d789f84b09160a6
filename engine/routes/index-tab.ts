// Where a tabbed route opens (shell spec §2: "/companies/{company_id} redirects
// to its devices tab"; the Users tab holds the users table and an invitations
// sub-tab): the first tab the user may open, so a page a user can open never
// sends them elsewhere for want of one tab's permission.
import { routeAllowed, type Access, type RouteIndex, type RouteNode } from './route-index';

/**
 * The tab a tabbed route's index shows: its own index tab (the tab at the
 * route's path) when permitted, else its default tab when permitted, else the
 * first permitted tab of the strip; undefined when the route or every tab is closed.
 */
export function indexTab<R extends RouteNode<R>>(index: RouteIndex<R>, name: string, access: Access): R | undefined {
  const route = index.get(name)?.route;
  if (!route || !routeAllowed(index, name, access)) return undefined;
  const open = (route.tabs ?? []).filter((tab) => routeAllowed(index, tab.name, access));
  const own = open.find((tab) => tab.path === route.path);
  const preferred = route.defaultTab ? open.find((tab) => tab.path === `${route.path}/${route.defaultTab}`) : undefined;
  return own ?? preferred ?? open.find((tab) => !tab.hiddenTab);
}
