import type { Theme } from './theme';

// Help links (forms spec §2): the route names that have a help page. The
// paths are not in the spec; a theme names its help site (helpBaseUrl) and a
// route's page is that base plus the route name.

export const HELP_ROUTE_NAMES: readonly string[] = [
  'management.devices',
  'task-manager',
  'multiconfig',
  'hotspot.wifi',
  'reports',
  'remote.access',
  'remote.info',
  'service.connect-history',
  'vpn.hubs',
  'vpn-hub',
  'vpn.quick-connect',
  'vpn-connect',
  'users.companies',
  'company.info',
  'users.table',
  'users.invitations',
  'tags.main',
  'management.files',
  'users.roles',
  'administration.resources',
  'dynamic.parameters',
];

/** The help page of a route, or undefined when the route has none or the theme names no help site. */
export function helpUrl(theme: Pick<Theme, 'helpBaseUrl'>, routeName: string | undefined): string | undefined {
  if (!theme.helpBaseUrl || !routeName || !HELP_ROUTE_NAMES.includes(routeName)) return undefined;
  return `${theme.helpBaseUrl.replace(/\/+$/, '')}/${encodeURIComponent(routeName)}`;
}
