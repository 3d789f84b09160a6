import type { MenuGroup } from '../../engine/routes/menu';

/**
 * The side menu of shell spec §2: each entry names its route (or routes: the
 * first permitted one is shown) and lists related routes that keep it
 * highlighted; engine/routes/menu.ts derives what a user sees.
 */
export const menu: MenuGroup[] = [
  {
    name: 'Management',
    icon: 'devices',
    entries: [
      { label: 'Devices', routes: ['management.devices'], related: ['device.detail'] },
      { label: 'Wi-Fi & Hotspots', routes: ['hotspot.hotspots'], related: ['hotspot'] },
      { label: 'Task manager', routes: ['task-manager'] },
      { label: 'Reports', routes: ['reports'], related: ['report.generated'] },
      { label: 'Alerts & Automations', routes: ['automations'], related: ['automation'] },
      {
        label: 'Monitoring templates',
        routes: ['monitoring-templates'],
        related: ['monitoring-templates.create', 'monitoring-templates.edit'],
      },
    ],
  },
  {
    name: 'RMS Connect',
    icon: 'connect',
    entries: [
      { label: 'Remote access', routes: ['remote.access'], related: ['remote.info', 'remote.mobile'] },
      { label: 'Access history', routes: ['service.connect-history'] },
    ],
  },
  {
    name: 'RMS VPN',
    icon: 'vpn',
    entries: [
      { label: 'VPN hubs', routes: ['vpn.hubs'], related: ['vpn-hub'] },
      { label: 'VPN quick connect', routes: ['vpn.quick-connect'], related: ['vpn-connect'] },
    ],
  },
  {
    name: 'Administration',
    icon: 'admin',
    entries: [
      { label: 'Companies', routes: ['users.companies'], related: ['companies.tree', 'company.info'] },
      {
        label: 'Users',
        routes: ['users.table', 'users.invitations', 'users.roles', 'users.impersonation-logs'],
        related: ['users'],
      },
      { label: 'Tags', routes: ['tags.main'], related: ['tag.chart'] },
      { label: 'Files', routes: ['management.files'] },
      {
        label: 'Resources',
        routes: [
          'administration.resources.credits',
          'administration.resources.codes',
          'administration.resources.data-history',
        ],
        related: ['administration.resources', 'service.add-credits'],
      },
    ],
  },
  {
    name: 'System',
    icon: 'system',
    entries: [
      { label: 'Statistics', routes: ['statistics'] },
      { label: 'Global firmware', routes: ['files.global-firmware'] },
      { label: 'Approved devices', routes: ['auth-devices'] },
      { label: 'Mail logs', routes: ['system.mail-logs'] },
      { label: 'Form studio', routes: ['studio'] },
      {
        label: 'Move device resources',
        routes: ['form'],
        params: { name: 'move-device-resources' },
        permission: 'move_devices_credits',
      },
    ],
  },
];
