import type { RouteNode } from '../../engine/routes/route-index';

/**
 * The route table of shell spec §2 (contract 9). Every route carries
 * `page` = its route name; the side menu (menu.ts) is derived from it.
 * Paths are absolute; tabs are nested routes of their parent. A route is the
 * route rules' node (engine/routes/route-index.ts) plus what the console reads.
 */
export interface RouteDef extends RouteNode<RouteDef> {
  /** Key for `<RoutePage page>`; equals `name`. */
  page: string;
  /** Rendered without the app layout. */
  standalone?: boolean;
  /** Reachable without a session (`'key'`: with a `key` query parameter). */
  auth?: 'none' | 'key';
  /**
   * API path (relative to /api, `:param` filled from the route) of the item a detail route shows;
   * its `name` replaces the generic title in breadcrumbs and the document title.
   */
  entity?: string;
  /** The page document of the route's own name heads its tabs (ItemHeader: the device's or company's name, facts and actions). */
  header?: boolean;
}

type Spec = Omit<RouteDef, 'page' | 'tabs'> & { tabs?: Spec[] };

function route(spec: Spec): RouteDef {
  const { tabs, ...rest } = spec;
  return { ...rest, page: spec.name, ...(tabs ? { tabs: tabs.map(route) } : {}) };
}

const tab = (name: string, path: string, title: string, extra: Partial<Spec> = {}): Spec => ({
  name,
  path,
  title,
  ...extra,
});

const R = 'view_device_remote_access';
const VPN = 'view_vpn_hubs';

const specs: Spec[] = [
  { name: 'management.devices', path: '/management/devices', title: 'Devices', permission: 'view_devices' },
  {
    name: 'devices.discovered',
    path: '/management/devices/discovered',
    title: 'Discovered devices',
    permission: 'create_devices',
    parent: 'management.devices',
  },
  {
    name: 'hotspot',
    path: '/management',
    title: 'Wi-Fi & Hotspots',
    permission: ['view_device_hotspots', 'view_wireless_information'],
    mode: 'some',
    tabs: [
      tab('hotspot.hotspots', '/management/hotspots', 'Hotspots', { permission: 'view_device_hotspots' }),
      tab('hotspot.wifi', '/management/wifi', 'Wi-Fi', { permission: 'view_wireless_information' }),
    ],
  },
  { name: 'tags.main', path: '/tags', title: 'Tags', permission: 'view_tags' },
  {
    name: 'tag.chart',
    path: '/tag/:id',
    title: 'Tag chart',
    permission: 'view_tags',
    parent: 'tags.main',
    entity: '/tags?id=:id',
  },
  { name: 'remote.access', path: '/remote/access', title: 'Remote access', permission: R },
  {
    name: 'remote.info',
    path: '/remote/access/:id',
    title: 'Remote access',
    permission: R,
    parent: 'remote.access',
    entity: '/devices/remote-access?id=:id',
  },
  { name: 'remote.mobile', path: '/remote/mobile', title: 'Mobile remote access', permission: R },
  { name: 'service.connect-history', path: '/access-history', title: 'Access history', permission: R },
  { name: 'vpn.hubs', path: '/vpn/hubs', title: 'VPN hubs', permission: VPN },
  {
    name: 'vpn-hub',
    path: '/vpn/hubs/:id',
    title: 'VPN hub',
    entity: '/vpn/hubs/:id',
    permission: VPN,
    parent: 'vpn.hubs',
    defaultTab: 'general',
    tabs: [
      tab('vpn-hub.general', '/vpn/hubs/:id/general', 'General'),
      tab('vpn-hub.clients', '/vpn/hubs/:id/clients', 'Clients'),
      tab('vpn-hub.routes', '/vpn/hubs/:id/routes', 'Routes'),
      tab('vpn-hub.data-usage', '/vpn/hubs/:id/data-usage', 'Data usage'),
      tab('vpn-hub.configuration', '/vpn/hubs/:id/configuration', 'Configuration'),
    ],
  },
  { name: 'vpn.quick-connect', path: '/vpn/quick-connect', title: 'VPN quick connect', permission: VPN },
  {
    name: 'vpn-connect',
    path: '/vpn/quick-connect/:id',
    title: 'Quick connect',
    entity: '/vpn/hubs/:id',
    permission: VPN,
    parent: 'vpn.quick-connect',
    defaultTab: 'general',
    tabs: [
      tab('vpn-connect.general', '/vpn/quick-connect/:id/general', 'General'),
      tab('vpn-connect.clients', '/vpn/quick-connect/:id/clients', 'Clients'),
      tab('vpn-connect.data-usage', '/vpn/quick-connect/:id/data-usage', 'Data usage'),
      tab('vpn-connect.connection-logs', '/vpn/quick-connect/:id/connection-logs', 'Connection logs'),
    ],
  },
  { name: 'users.companies', path: '/companies', title: 'Companies', permission: 'view_companies' },
  {
    name: 'companies.tree',
    path: '/companies/tree',
    title: 'Company tree',
    permission: 'view_companies',
    parent: 'users.companies',
  },
  {
    name: 'company.info',
    path: '/companies/:company_id',
    title: 'Company',
    entity: '/companies/:company_id',
    header: true,
    permission: 'view_companies',
    parent: 'users.companies',
    defaultTab: 'devices',
    tabs: [
      tab('company.devices', '/companies/:company_id/devices', 'Devices', { permission: 'view_devices' }),
      tab('company.data-history', '/companies/:company_id/data-history', 'Data history', {
        permission: 'view_company_data_history',
      }),
      tab('company.metrics', '/companies/:company_id/metrics', 'Metrics'),
      tab('company.users', '/companies/:company_id/users', 'Users', {
        permission: ['view_users', 'view_user_invitations'],
        mode: 'some',
        tabs: [
          tab('company.userstable', '/companies/:company_id/users', 'Users', { permission: 'view_users' }),
          tab('company.invitations', '/companies/:company_id/users/invitations', 'Invitations', {
            permission: 'view_user_invitations',
          }),
        ],
      }),
      tab('company.tags', '/companies/:company_id/tags', 'Tags', { permission: 'view_tags' }),
      tab('company.files', '/companies/:company_id/files', 'Files', { permission: 'view_files' }),
      tab('company.reports', '/companies/:company_id/reports', 'Reports', {
        permission: 'view_reports',
        defaultTab: 'single',
        tabs: [
          tab('company.reports.single', '/companies/:company_id/reports/single', 'Single'),
          tab('company.reports.day', '/companies/:company_id/reports/periodic/day', 'Daily'),
          tab('company.reports.week', '/companies/:company_id/reports/periodic/week', 'Weekly'),
          tab('company.reports.month', '/companies/:company_id/reports/periodic/month', 'Monthly'),
        ],
      }),
      tab('company.resources', '/companies/:company_id/resources', 'Resources', {
        permission: ['view_credits', 'view_credit_transfer_codes', 'view_company_data_history'],
        mode: 'some',
        defaultTab: 'credits',
        tabs: [
          tab('company.resources.codes', '/companies/:company_id/resources/codes', 'Codes', {
            permission: 'view_credit_transfer_codes',
          }),
          tab('company.resources.credits', '/companies/:company_id/resources/credits', 'Resources', {
            permission: 'view_credits',
          }),
          tab('company.resources.data-history', '/companies/:company_id/resources/data-history', 'Data purchases', {
            permission: 'view_company_data_history',
          }),
        ],
      }),
    ],
  },
  {
    name: 'users',
    path: '/users',
    title: 'Users',
    permission: ['view_users', 'view_user_invitations', 'view_roles', 'view_impersonation_logs'],
    mode: 'some',
    tabs: [
      tab('users.table', '/users', 'Users', { permission: 'view_users' }),
      tab('users.invitations', '/users/invitations', 'Invitations', { permission: 'view_user_invitations' }),
      tab('users.roles', '/users/roles', 'Roles & Permissions', { permission: 'view_roles' }),
      tab('users.impersonation-logs', '/users/impersonation-logs', 'Impersonation logs', {
        permission: 'view_impersonation_logs',
      }),
    ],
  },
  {
    name: 'users.confirm-impersonation-access',
    path: '/users/confirm-impersonation-access/:token',
    title: 'Confirm impersonation access',
  },
  { name: 'management.files', path: '/management/files', title: 'Files', permission: 'view_files' },
  {
    name: 'files.global-firmware',
    path: '/files/global/firmware',
    title: 'Global firmware',
    permission: 'upload_files_global_scope',
  },
  {
    name: 'reports',
    path: '/reports',
    title: 'Reports',
    permission: 'view_reports',
    defaultTab: 'single',
    tabs: [
      tab('reports.single', '/reports/single', 'Single'),
      tab('reports.day', '/reports/periodic/day', 'Daily'),
      tab('reports.week', '/reports/periodic/week', 'Weekly'),
      tab('reports.month', '/reports/periodic/month', 'Monthly'),
      tab('reports.generated', '/reports/generated', 'Generated reports'),
    ],
  },
  {
    name: 'report.generated',
    path: '/report/generated/:id',
    title: 'Generated report',
    entity: '/reports/generated/:id',
    permission: 'view_reports',
    parent: 'reports',
  },
  {
    name: 'automations',
    path: '/management/automations',
    title: 'Alerts & Automations',
    permission: 'view_device_alert_configurations',
  },
  {
    name: 'automation',
    path: '/management/automations/:id',
    title: 'Automation',
    entity: '/automations/:id',
    permission: 'view_device_alert_configurations',
    parent: 'automations',
    defaultTab: 'devices',
    tabs: [
      tab('automation.devices', '/management/automations/:id/devices', 'Devices'),
      tab('automation.logs', '/management/automations/:id/logs', 'Logs'),
    ],
  },
  {
    name: 'service.add-credits',
    path: '/redeem-code',
    title: 'Activate code',
    permission: 'activate_credit_transfer_codes',
  },
  {
    name: 'statistics',
    path: '/statistics',
    title: 'Statistics',
    permission: 'view_statistics',
    defaultTab: 'general',
    tabs: [
      tab('statistics.general', '/statistics/general', 'General'),
      tab('statistics.connection-manager', '/statistics/connection-manager', 'Connection manager', {
        permission: 'view_device_logs',
      }),
      tab('statistics.months-stats', '/statistics/months-stats', 'Months'),
      tab('statistics.online-devices', '/statistics/online-devices', 'Online devices'),
      tab('statistics.action-logs', '/statistics/action-logs', 'Action logs'),
      tab('statistics.unique-devices', '/statistics/unique-devices', 'Unique devices'),
    ],
  },
  { name: 'system.mail-logs', path: '/system/mail-logs', title: 'Mail logs', permission: 'view_mail_logs' },
  { name: 'studio', path: '/studio', title: 'Form studio', permission: 'manage_documents' },
  {
    name: 'device.detail',
    path: '/devices/:id',
    title: 'Device',
    entity: '/devices/:id',
    header: true,
    permission: 'view_devices',
    parent: 'management.devices',
    defaultTab: 'activity',
    tabs: [
      tab('device.activity', '/devices/:id/activity', 'Activity'),
      tab('device.location', '/devices/:id/location', 'Location'),
      tab('device.dashboards', '/devices/:id/dashboards', 'Dashboards', { permission: 'view_device_dashboard' }),
      tab('device.dashboard', '/devices/:id/dashboards/:dashboard_id', 'Dashboard', {
        permission: 'view_device_dashboard',
        hiddenTab: true,
      }),
      tab('device.data-usage', '/devices/:id/data-usage', 'Data usage'),
      tab('device.ports', '/devices/:id/ports', 'Ports', { permission: R }),
      tab('device.services', '/devices/:id/services', 'Services', { permission: 'update_device_credit_status' }),
      tab('device.access', '/devices/:id/access', 'Access', { permission: R }),
      tab('device.network', '/devices/:id/network', 'Network', { permission: 'create_multi_configuration' }),
      tab('device.monitoring-parameters-history', '/devices/:id/monitoring-parameters-history', 'Monitoring history'),
      tab('device.metrics', '/devices/:id/metrics', 'Metrics', {
        defaultTab: 'dynamic',
        tabs: [
          tab('dynamic.parameters', '/devices/:id/metrics/dynamic', 'Dynamic'),
          tab('device.metrics.io', '/devices/:id/metrics/io', 'I/O'),
          tab('device.metrics.gps', '/devices/:id/metrics/gps', 'GPS'),
        ],
      }),
      tab('device.esim', '/devices/:id/esim', 'eSIM', { permission: 'create_multi_configuration' }),
    ],
  },
  {
    name: 'administration.resources',
    path: '/resources',
    title: 'Resources',
    permission: ['view_credits', 'view_credit_transfer_codes', 'view_company_data_history'],
    mode: 'some',
    defaultTab: 'credits',
    tabs: [
      tab('administration.resources.codes', '/resources/codes', 'Codes', { permission: 'view_credit_transfer_codes' }),
      tab('administration.resources.credits', '/resources/credits', 'Resources', { permission: 'view_credits' }),
      tab('administration.resources.data-history', '/resources/data-history', 'Data purchases', {
        permission: 'view_company_data_history',
      }),
    ],
  },
  { name: 'form', path: '/forms/:name/:id?', title: 'Form' },
  { name: 'multiconfig', path: '/device-configuration', title: 'Device configuration' },
  { name: 'management.update-firmware', path: '/management/update-firmware', title: 'Update firmware' },
  { name: 'management.upload-backup', path: '/management/upload-backup', title: 'Upload backup' },
  { name: 'notifications.main', path: '/notifications', title: 'Notifications' },
  { name: 'changelog', path: '/changelog', title: 'Changelog' },
  { name: 'account.api-tokens', path: '/account/api-tokens', title: 'API tokens' },
  { name: 'email-smtp', path: '/email-smtp', title: 'E-mail SMTP' },
  {
    name: 'task-manager',
    path: '/management/task-manager',
    title: 'Task manager',
    permission: 'view_device_task_groups',
  },
  { name: 'auth-devices', path: '/auth-devices', title: 'Approved devices', permission: 'super_admin' },
  {
    name: 'monitoring-templates',
    path: '/monitoring-templates',
    title: 'Monitoring templates',
    permission: 'update_monitoring',
  },
  {
    name: 'monitoring-templates.create',
    path: '/monitoring-templates/create',
    title: 'New monitoring template',
    permission: 'update_monitoring',
    parent: 'monitoring-templates',
  },
  {
    name: 'monitoring-templates.edit',
    path: '/monitoring-templates/edit/:id',
    title: 'Edit monitoring template',
    permission: 'update_monitoring',
    parent: 'monitoring-templates',
  },
  { name: 'logout', path: '/logout', title: 'Logout', standalone: true },
  { name: 'not-found', path: '/404', title: 'Page not found', standalone: true, auth: 'none' },
  { name: 'account.login', path: '/account/login', title: 'Sign in', standalone: true, auth: 'none' },
  { name: 'rms-connect.desktop', path: '/rms-connect/desktop', title: 'Remote desktop', standalone: true, auth: 'key' },
  { name: 'rms-connect.ssh', path: '/rms-connect/ssh', title: 'SSH', standalone: true, auth: 'key' },
  { name: 'rms-connect.telnet', path: '/rms-connect/telnet', title: 'Telnet', standalone: true },
  { name: 'rms-connect.sftp', path: '/rms-connect/sftp', title: 'SFTP', standalone: true },
];

export const routes: RouteDef[] = specs.map(route);

/** Default landing page (shell spec §9). */
export const DEFAULT_LANDING = '/management/devices';
