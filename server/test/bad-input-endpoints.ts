// The write endpoints the bad-input property test drives, each with a body
// the endpoint accepts (checked by the test), so that any refusal of a
// corrupted copy is the corruption's doing.

import { PASSWORD } from './harness';

export interface WriteEndpoint {
  method: 'POST' | 'PUT';
  url: string;
  /** Who calls it: the Acme Networks admin, or the super admin for super-admin-only calls. */
  as: 'admin' | 'super';
  body: Record<string, unknown>;
}

export const WRITE_ENDPOINTS: WriteEndpoint[] = [
  { method: 'POST', url: '/api/tags', as: 'admin', body: { company_id: 1, name: 'Property tag', color: '#112233' } },
  { method: 'PUT', url: '/api/tags/1', as: 'admin', body: { name: 'Property tag renamed' } },
  { method: 'POST', url: '/api/companies', as: 'admin', body: { name: 'Property Co', parent_id: 1 } },
  { method: 'PUT', url: '/api/companies/2', as: 'admin', body: { name: 'Property Baltics' } },
  { method: 'POST', url: '/api/companies/move', as: 'super', body: { source: 5, target: 1 } },
  {
    method: 'POST',
    url: '/api/roles',
    as: 'admin',
    body: { title: 'Property role', company_id: [1], permission_id: [1] },
  },
  {
    method: 'POST',
    url: '/api/users/invite',
    as: 'admin',
    body: { company_id: 1, email: 'property@example.com', role: 'read_only' },
  },
  { method: 'PUT', url: '/api/users/14', as: 'admin', body: { company_id: 1, role: 'read_only' } },
  {
    method: 'POST',
    url: '/api/credits/move',
    as: 'admin',
    body: { credit_type_name: 'Paid Credit', source: 1, target: 2, amount: 1 },
  },
  { method: 'POST', url: '/api/credits/codes', as: 'admin', body: { credit_type_name: 'Paid Credit', amount: 1 } },
  {
    method: 'POST',
    url: '/api/credits',
    as: 'super',
    body: { credit_type_id: 1, credit_count: 5, company_id: 2 },
  },
  { method: 'POST', url: '/api/companies/data', as: 'admin', body: { company_id: 2, credits: '1' } },
  { method: 'POST', url: '/api/devices/tags/assign', as: 'admin', body: { device_id: [1, 2], tag_id: [1] } },
  { method: 'POST', url: '/api/devices/move', as: 'admin', body: { company_id: 2, device_id: [1] } },
  { method: 'PUT', url: '/api/devices/1', as: 'admin', body: { name: 'Property router' } },
  {
    method: 'POST',
    url: '/api/devices/tasks/groups',
    as: 'admin',
    body: { name: 'Property group', tasks: [{ name: 'Reboot', type: 'command', timeout: '10', command: 'reboot' }] },
  },
  {
    method: 'POST',
    url: '/api/automations',
    as: 'admin',
    body: { name: 'Property automation', company_id: 1, enabled: true },
  },
  { method: 'PUT', url: '/api/roles/7', as: 'admin', body: { title: 'Property role renamed', description: 'Edited' } },
  {
    method: 'PUT',
    url: '/api/automations/11',
    as: 'admin',
    body: { name: 'Property automation renamed', company_id: 1, enabled: false },
  },
  {
    method: 'PUT',
    url: '/api/devices/tasks/groups/1',
    as: 'admin',
    body: {
      name: 'Property group renamed',
      tasks: [{ name: 'Reboot', type: 'command', timeout: '10', command: 'reboot' }],
    },
  },
  {
    method: 'POST',
    url: '/api/devices',
    as: 'admin',
    body: {
      company_id: 1,
      device_series: 'rut',
      name: 'Property router',
      serial: '9100000001',
      mac: '00:1E:42:00:91:01',
      password_confirmation: PASSWORD,
      tag_id: [1],
    },
  },
  { method: 'POST', url: '/api/vpn/hubs', as: 'admin', body: { name: 'Property hub', company_id: 1 } },
  {
    method: 'POST',
    url: '/api/monitoring-templates',
    as: 'admin',
    body: {
      name: 'Property template',
      dynamic: 60,
      static: 60,
      hotspot: 60,
      io: 60,
      gps: 60,
      wireless: 60,
      ddns: 60,
      l2tp: 60,
    },
  },
  {
    method: 'POST',
    url: '/api/email-configurations',
    as: 'admin',
    body: {
      name: 'Property relay',
      host: 'smtp.example.com',
      port: 25,
      email: 'relay@example.com',
      username: 'u',
      password: 'p',
    },
  },
  {
    method: 'POST',
    url: '/api/account/tokens',
    as: 'admin',
    body: { name: 'Property token', expires_in: 30, scopes: ['devices:read'] },
  },
  { method: 'POST', url: '/api/storage', as: 'admin', body: { key: 'property.key', value: { columns: ['name'] } } },
  { method: 'PUT', url: '/api/notifications', as: 'admin', body: { id: [1] } },
];
