import type { PageDocument } from './types';

/** A small list document used by the engine tests. */
export const devicesDoc: PageDocument = {
  $schema: '../page.schema.json',
  title: 'Devices',
  kind: 'list',
  endpoint: '/devices',
  params: { company_id: '{company_id}' },
  columns: [
    { key: 'name', title: 'Name', sortable: true },
    { key: 'status', title: 'Status', formatter: 'deviceStatus', sortable: true },
    { key: 'serial', title: 'Serial' },
    { key: 'mac', title: 'MAC', hidden: true },
  ],
  search: { fields: ['name', 'serial'] },
  filters: [{ key: 'status', label: 'Status', options: [{ value: 1, label: 'Online' }] }],
  defaultSort: '-status',
  pageSizes: [10, 25],
  selectable: true,
  bulkActions: [
    {
      key: 'delete',
      label: 'Delete',
      request: { method: 'delete', path: '/devices', body: { id: '{$ids}' } },
      confirm: { title: 'Delete {count} devices?', reminderKey: 'remind.delete-devices' },
    },
  ],
  rowActions: [{ key: 'open', label: 'Open', href: '/devices/{id}' }],
  toolbarActions: [{ key: 'add', label: 'Add device', form: 'add-device', data: { company_id: '{company_id}' } }],
};
