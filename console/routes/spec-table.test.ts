// The route table and side menu of shell spec §2, written from the spec's own
// words (paths, permissions, menu order and labels, named routes) and checked
// against what a user can open and see: a drift in table.ts or menu.ts fails here.
import { describe, expect, it } from 'vitest';
import permissionList from '../../fixtures/permissions.json';
import type { SessionUser } from '../../engine/session/user';
import { indexTab, pathFor, routeAllowed, routeIndex, visibleMenu } from './resolve';

const ALL = permissionList.map((permission) => permission.name);

const holding = (permissions: string[]) => ({
  user: { id: 1, permissions, company: { level: 1 }, role: { name: 'admin' } } as unknown as SessionUser,
  disabledRoutes: [],
});
const allBut = (missing: string[]) => holding(ALL.filter((permission) => !missing.includes(permission)));

/** The route at a spec path (`{id}` written as the spec writes it). */
function routeAt(specPath: string): string {
  const path = specPath.replace(/\{(\w+\??)\}/g, ':$1');
  const found = [...routeIndex.values()].find((entry) => entry.route.path === path);
  if (!found) throw new Error(`No route at ${specPath}`);
  return found.route.name;
}

interface Row {
  path: string;
  /** The spec's permission; a list with `some` where the spec says "first permitted of". */
  every?: string[];
  some?: string[];
  /** Permissions of the page the route sits in (a tab needs its page's permission too). */
  within?: string[];
  /** The product's own additions, each named here so a new one is a decision, not a drift. */
  added?: string[];
}

const R = 'view_device_remote_access';
const VPN = 'view_vpn_hubs';
const COMPANY = ['view_companies'];
const DEVICE = ['view_devices'];
const STATISTICS = ['view_statistics'];
const AUTOMATIONS = ['view_device_alert_configurations'];

/** "Route table (path: permission)", in the spec's order; permissions the route table leaves to the menu come from the menu table. */
const ROUTES: Row[] = [
  { path: '/management/devices', every: ['view_devices'] },
  { path: '/management/devices/discovered', added: ['create_devices'] },
  { path: '/management', some: ['view_device_hotspots', 'view_wireless_information'] },
  { path: '/management/hotspots', every: ['view_device_hotspots'] },
  { path: '/management/wifi', every: ['view_wireless_information'] },
  { path: '/tags', every: ['view_tags'] },
  { path: '/tag/{id}', every: ['view_tags'] },
  { path: '/remote/access', every: [R] },
  { path: '/remote/access/{id}', every: [R] },
  { path: '/access-history', every: [R] },
  { path: '/vpn/hubs', every: [VPN] },
  ...['general', 'clients', 'routes', 'data-usage', 'configuration'].map((tab) => ({
    path: `/vpn/hubs/{id}/${tab}`,
    every: [VPN],
  })),
  { path: '/vpn/hubs/{id}', every: [VPN] },
  { path: '/vpn/quick-connect', every: [VPN] },
  { path: '/vpn/quick-connect/{id}', every: [VPN] },
  ...['general', 'clients', 'data-usage', 'connection-logs'].map((tab) => ({
    path: `/vpn/quick-connect/{id}/${tab}`,
    every: [VPN],
  })),
  { path: '/companies', every: ['view_companies'] },
  // The company tree is a view of the companies list.
  { path: '/companies/tree', added: ['view_companies'] },
  { path: '/companies/{company_id}', every: ['view_companies'] },
  // The company tabs list the company's devices, tags, files and reports: each needs that list's permission.
  { path: '/companies/{company_id}/devices', within: COMPANY, added: ['view_devices'] },
  { path: '/companies/{company_id}/data-history', within: COMPANY, every: ['view_company_data_history'] },
  { path: '/companies/{company_id}/metrics', within: COMPANY },
  { path: '/companies/{company_id}/users', within: COMPANY, some: ['view_users', 'view_user_invitations'] },
  { path: '/companies/{company_id}/users/invitations', within: COMPANY, every: ['view_user_invitations'] },
  { path: '/companies/{company_id}/tags', within: COMPANY, added: ['view_tags'] },
  { path: '/companies/{company_id}/files', within: COMPANY, added: ['view_files'] },
  ...['single', 'periodic/day', 'periodic/week', 'periodic/month'].map((tab) => ({
    path: `/companies/{company_id}/reports/${tab}`,
    within: COMPANY,
    added: ['view_reports'],
  })),
  // The company's resources tabs carry the permissions of the Resources page's tabs.
  {
    path: '/companies/{company_id}/resources',
    within: COMPANY,
    some: ['view_credits', 'view_credit_transfer_codes', 'view_company_data_history'],
  },
  { path: '/companies/{company_id}/resources/codes', within: COMPANY, every: ['view_credit_transfer_codes'] },
  { path: '/companies/{company_id}/resources/credits', within: COMPANY, every: ['view_credits'] },
  { path: '/companies/{company_id}/resources/data-history', within: COMPANY, every: ['view_company_data_history'] },
  { path: '/users/invitations', every: ['view_user_invitations'] },
  { path: '/users/roles', every: ['view_roles'] },
  { path: '/users/impersonation-logs', every: ['view_impersonation_logs'] },
  { path: '/management/files', every: ['view_files'] },
  { path: '/files/global/firmware', every: ['upload_files_global_scope'] },
  ...['/reports', '/reports/single', '/reports/periodic/day', '/reports/periodic/week', '/reports/periodic/month'].map(
    (path) => ({ path, every: ['view_reports'] }),
  ),
  { path: '/report/generated/{id}', every: ['view_reports'] },
  { path: '/management/automations', every: AUTOMATIONS },
  { path: '/management/automations/{id}', every: AUTOMATIONS },
  { path: '/management/automations/{id}/devices', every: AUTOMATIONS },
  { path: '/management/automations/{id}/logs', every: AUTOMATIONS },
  { path: '/redeem-code', every: ['activate_credit_transfer_codes'] },
  { path: '/statistics', every: STATISTICS },
  ...['general', 'months-stats', 'online-devices', 'action-logs', 'unique-devices'].map((tab) => ({
    path: `/statistics/${tab}`,
    every: STATISTICS,
  })),
  { path: '/statistics/connection-manager', within: STATISTICS, every: ['view_device_logs'] },
  { path: '/system/mail-logs', every: ['view_mail_logs'] },
  // A device's pages sit under the device list.
  { path: '/devices/{id}', every: DEVICE },
  ...['activity', 'location', 'data-usage', 'monitoring-parameters-history'].map((tab) => ({
    path: `/devices/{id}/${tab}`,
    within: DEVICE,
  })),
  { path: '/devices/{id}/dashboards', within: DEVICE, every: ['view_device_dashboard'] },
  { path: '/devices/{id}/dashboards/{dashboard_id}', within: DEVICE, every: ['view_device_dashboard'] },
  { path: '/devices/{id}/ports', within: DEVICE, every: [R] },
  { path: '/devices/{id}/services', within: DEVICE, every: ['update_device_credit_status'] },
  { path: '/devices/{id}/access', within: DEVICE, every: [R] },
  { path: '/devices/{id}/network', within: DEVICE, every: ['create_multi_configuration'] },
  ...['dynamic', 'io', 'gps'].map((tab) => ({ path: `/devices/{id}/metrics/${tab}`, within: DEVICE })),
  { path: '/devices/{id}/esim', within: DEVICE, every: ['create_multi_configuration'] },
  { path: '/resources', some: ['view_credits', 'view_credit_transfer_codes', 'view_company_data_history'] },
  { path: '/resources/codes', every: ['view_credit_transfer_codes'] },
  { path: '/resources/credits', every: ['view_credits'] },
  { path: '/resources/data-history', every: ['view_company_data_history'] },
  // The generic form route is guarded by the form document's own permission (console/forms/FormRoute.tsx).
  { path: '/forms/{name}/{id?}' },
  { path: '/device-configuration' },
  { path: '/management/update-firmware' },
  { path: '/management/upload-backup' },
  { path: '/notifications' },
  { path: '/changelog' },
  { path: '/email-smtp' },
  { path: '/management/task-manager', every: ['view_device_task_groups'] },
  { path: '/auth-devices', every: ['super_admin'] },
  { path: '/users/confirm-impersonation-access/{token}' },
  { path: '/monitoring-templates', every: ['update_monitoring'] },
  { path: '/monitoring-templates/create', every: ['update_monitoring'] },
  { path: '/monitoring-templates/edit/{id}', every: ['update_monitoring'] },
];

describe('route table against shell spec §2', () => {
  it.each(ROUTES)('$path opens with its permission and not without it', (row) => {
    const name = routeAt(row.path);
    const context = [...(row.within ?? []), ...(row.added ?? [])];
    for (const required of [...(row.every ?? []), ...context]) {
      expect(routeAllowed(name, allBut([required])), `${row.path} without ${required}`).toBe(false);
    }
    if (row.some) {
      for (const one of row.some) expect(routeAllowed(name, holding([one, ...context])), one).toBe(true);
      expect(routeAllowed(name, allBut(row.some))).toBe(false);
    } else {
      expect(routeAllowed(name, holding([...(row.every ?? []), ...context]))).toBe(true);
    }
  });

  it('has a users page whose tabs are /users, /users/invitations, /users/roles and /users/impersonation-logs', () => {
    const tabs = routeIndex.get(routeAt('/users'))!.route.tabs!.map((tab) => tab.path);
    expect(tabs).toEqual(['/users', '/users/invitations', '/users/roles', '/users/impersonation-logs']);
    const table = routeIndex.get('users.table')!.route;
    expect(table.path).toBe('/users');
    expect(routeAllowed('users.table', holding(['view_users']))).toBe(true);
    expect(routeAllowed('users.table', allBut(['view_users']))).toBe(false);
  });

  it('has the standalone pages: /logout, /404 without sign-in, and the four rms-connect pages (ssh and desktop with a key)', () => {
    const route = (path: string) => routeIndex.get(routeAt(path))!.route;
    expect(route('/logout').standalone).toBe(true);
    expect(route('/404')).toMatchObject({ standalone: true, auth: 'none' });
    expect(route('/rms-connect/desktop')).toMatchObject({ standalone: true, auth: 'key' });
    expect(route('/rms-connect/ssh')).toMatchObject({ standalone: true, auth: 'key' });
    expect(route('/rms-connect/sftp')).toMatchObject({ standalone: true });
    expect(route('/rms-connect/sftp').auth).toBeUndefined();
    expect(route('/rms-connect/telnet')).toMatchObject({ standalone: true });
    expect(route('/rms-connect/telnet').auth).toBeUndefined();
  });

  it('holds no route beyond the spec and its documented additions', () => {
    const spec = new Set(
      [
        ...ROUTES.map((row) => row.path),
        '/users',
        '/logout',
        '/404',
        '/rms-connect/desktop',
        '/rms-connect/ssh',
        '/rms-connect/sftp',
        '/rms-connect/telnet',
      ].map((path) => path.replace(/\{(\w+\??)\}/g, ':$1')),
    );
    const additions = {
      // The theme disables the mobile remote route (spec §1): the route exists so a theme can enable it.
      '/remote/mobile': 'remote.mobile',
      // docs/architecture.md: the form studio, the API tokens page and the sign-in page.
      '/studio': 'studio',
      '/account/api-tokens': 'account.api-tokens',
      '/account/login': 'account.login',
      // Tab containers: the company's users, reports and resources tabs, the device's metrics and the reports list.
      '/companies/:company_id/reports': 'company.reports',
      '/devices/:id/metrics': 'device.metrics',
      '/reports/generated': 'reports.generated',
    };
    const extra = [...routeIndex.values()]
      .map((entry) => entry.route)
      .filter((route) => !spec.has(route.path))
      .map((route) => [route.path, route.name]);
    expect(Object.fromEntries(extra)).toEqual(additions);
  });

  it('keeps Form studio behind manage_documents (a documented addition)', () => {
    expect(routeAllowed('studio', holding(['manage_documents']))).toBe(true);
    expect(routeAllowed('studio', allBut(['manage_documents']))).toBe(false);
  });
});

/** Where a tabbed page opens: the spec's redirects and default tabs (path of the page, path it opens). */
const OPENS: [string, string][] = [
  ['/management', '/management/hotspots'],
  ['/companies/{company_id}', '/companies/{company_id}/devices'],
  ['/companies/{company_id}/resources', '/companies/{company_id}/resources/credits'],
  ['/companies/{company_id}/users', '/companies/{company_id}/users'],
  ['/users', '/users'],
  ['/reports', '/reports/single'],
  ['/management/automations/{id}', '/management/automations/{id}/devices'],
  ['/devices/{id}', '/devices/{id}/activity'],
  ['/devices/{id}/metrics', '/devices/{id}/metrics/dynamic'],
  ['/resources', '/resources/credits'],
];

const openedBy = (path: string, access: ReturnType<typeof holding>) => indexTab(routeAt(path), access)?.path;
const asRoute = (path: string) => path.replace(/\{(\w+\??)\}/g, ':$1');

describe('redirects and default tabs of shell spec §2', () => {
  it.each(OPENS)('%s opens %s', (page, opens) => {
    expect(openedBy(page, holding(ALL))).toBe(asRoute(opens));
  });

  it('a Users tab opens its invitations sub-tab to a user who may see invitations but not users', () => {
    const invitationsOnly = holding(['view_companies', 'view_user_invitations']);
    expect(openedBy('/companies/{company_id}/users', invitationsOnly)).toBe('/companies/:company_id/users/invitations');
    expect(openedBy('/users', invitationsOnly)).toBe('/users/invitations');
  });

  it('a page whose default tab is closed opens its first permitted tab', () => {
    expect(openedBy('/companies/{company_id}', holding(['view_companies']))).toBe('/companies/:company_id/metrics');
    expect(openedBy('/resources', holding(['view_company_data_history']))).toBe('/resources/data-history');
  });
});

/** "Named routes used elsewhere", with the path each names (company.* carry company_id). */
const NAMED: Record<string, [Record<string, string>, string]> = {
  'notifications.main': [{}, '/notifications'],
  'company.info': [{ company_id: '7' }, '/companies/7'],
  'company.tags': [{ company_id: '7' }, '/companies/7/tags'],
  'company.userstable': [{ company_id: '7' }, '/companies/7/users'],
  'company.invitations': [{ company_id: '7' }, '/companies/7/users/invitations'],
  'service.add-credits': [{}, '/redeem-code'],
  changelog: [{}, '/changelog'],
  form: [{ name: 'new-tag' }, '/forms/new-tag'],
  'management.devices': [{}, '/management/devices'],
  'task-manager': [{}, '/management/task-manager'],
  multiconfig: [{}, '/device-configuration'],
  'hotspot.wifi': [{}, '/management/wifi'],
  reports: [{}, '/reports'],
  'remote.access': [{}, '/remote/access'],
  'remote.info': [{ id: '3' }, '/remote/access/3'],
  'service.connect-history': [{}, '/access-history'],
  'vpn.hubs': [{}, '/vpn/hubs'],
  'vpn-hub': [{ id: '3' }, '/vpn/hubs/3'],
  'vpn.quick-connect': [{}, '/vpn/quick-connect'],
  'vpn-connect': [{ id: '3' }, '/vpn/quick-connect/3'],
  'users.companies': [{}, '/companies'],
  'users.table': [{}, '/users'],
  'users.invitations': [{}, '/users/invitations'],
  'tags.main': [{}, '/tags'],
  'management.files': [{}, '/management/files'],
  'users.roles': [{}, '/users/roles'],
  'administration.resources': [{}, '/resources'],
  'dynamic.parameters': [{ id: '3' }, '/devices/3/metrics/dynamic'],
};

describe('named routes of shell spec §2', () => {
  it.each(Object.entries(NAMED))('%s names %j', (name, [params, path]) => {
    expect(pathFor(name, params)).toBe(path);
  });

  it('company routes take the company_id param', () => {
    for (const name of ['company.info', 'company.tags', 'company.userstable', 'company.invitations']) {
      expect(routeIndex.get(name)!.route.path).toMatch(/^\/companies\/:company_id(\/|$)/);
    }
  });
});

/** The side menu table: group, entry label, permission and where it opens; "first permitted of" entries list each choice. */
const MENU: [string, [string, [string, string][]][]][] = [
  [
    'Management',
    [
      ['Devices', [['view_devices', '/management/devices']]],
      ['Wi-Fi & Hotspots', [['view_device_hotspots', '/management/hotspots']]],
      ['Task manager', [['view_device_task_groups', '/management/task-manager']]],
      ['Reports', [['view_reports', '/reports']]],
      ['Alerts & Automations', [['view_device_alert_configurations', '/management/automations']]],
      ['Monitoring templates', [['update_monitoring', '/monitoring-templates']]],
    ],
  ],
  [
    'RMS Connect',
    [
      ['Remote access', [[R, '/remote/access']]],
      ['Access history', [[R, '/access-history']]],
    ],
  ],
  [
    'RMS VPN',
    [
      ['VPN hubs', [[VPN, '/vpn/hubs']]],
      ['VPN quick connect', [[VPN, '/vpn/quick-connect']]],
    ],
  ],
  [
    'Administration',
    [
      ['Companies', [['view_companies', '/companies']]],
      [
        'Users',
        [
          ['view_users', '/users'],
          ['view_user_invitations', '/users/invitations'],
          ['view_roles', '/users/roles'],
          ['view_impersonation_logs', '/users/impersonation-logs'],
        ],
      ],
      ['Tags', [['view_tags', '/tags']]],
      ['Files', [['view_files', '/management/files']]],
      [
        'Resources',
        [
          ['view_credits', '/resources/credits'],
          ['view_credit_transfer_codes', '/resources/codes'],
          ['view_company_data_history', '/resources/data-history'],
        ],
      ],
    ],
  ],
  [
    'System',
    [
      ['Statistics', [['view_statistics', '/statistics']]],
      ['Global firmware', [['upload_files_global_scope', '/files/global/firmware']]],
      ['Approved devices', [['super_admin', '/auth-devices']]],
      ['Mail logs', [['view_mail_logs', '/system/mail-logs']]],
      // A documented addition (docs/architecture.md): the form studio, before Move device resources.
      ['Form studio', [['manage_documents', '/studio']]],
      ['Move device resources', [['move_devices_credits', '/forms/move-device-resources']]],
    ],
  ],
];

const menuOf = (access: ReturnType<typeof holding>) =>
  visibleMenu(access).map((group) => [group.name, group.entries.map((entry) => [entry.label, entry.path])]);

describe('side menu against shell spec §2', () => {
  it('shows every group and entry in the spec order to a user holding every permission', () => {
    const expected = MENU.map(([group, entries]) => [group, entries.map(([label, choices]) => [label, choices[0][1]])]);
    expect(menuOf(holding(ALL))).toEqual(expected);
  });

  const entries = MENU.flatMap(([group, list]) => list.map(([label, choices]) => ({ group, label, choices })));

  it.each(entries)('$group › $label shows with its permission only', ({ group, label, choices }) => {
    for (const [permission, path] of choices) {
      expect(menuOf(holding([permission])).find(([name]) => name === group)?.[1]).toContainEqual([label, path]);
    }
    const labels = visibleMenu(allBut(choices.map(([permission]) => permission))).flatMap((g) =>
      g.entries.map((entry) => entry.label),
    );
    expect(labels).not.toContain(label);
  });
});
