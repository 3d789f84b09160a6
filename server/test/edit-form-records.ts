import { loadDocuments } from '../../engine/schema/load-fs';

// The edit forms (a form with `load` that writes with PUT or PATCH) and the
// record each is tried on: the server's round trip (edit-forms.test.ts) and the
// browser's (e2e/edit-forms.spec.ts) open every one on the same kind of record.

export const editForms = [...loadDocuments('schemas').forms].filter(
  ([, doc]) => doc.load && ['put', 'patch'].includes(doc.method ?? 'post'),
);

/** The list each edit form's record is picked from (the page that opens the form). */
export const RECORDS: Record<string, string> = {
  'change-user-role': '/api/users?limit=50',
  'edit-automation': '/api/automations?limit=1',
  'edit-company': '/api/companies?limit=50',
  'edit-device': '/api/devices?limit=1',
  'edit-email-configuration': '/api/email-configurations?limit=1',
  'edit-monitoring-template': '/api/monitoring-templates?limit=1',
  'edit-remote-access': '/api/devices/remote-access?limit=1',
  'edit-report': '/api/reports?limit=1',
  'edit-role': '/api/roles?limit=50',
  'edit-tag-details': '/api/tags?limit=1',
  'edit-task-group': '/api/devices/tasks/groups?limit=10',
  'edit-vpn-hub': '/api/vpn/hubs?limit=1',
};

/** Records an edit cannot apply to by rule (the signed-in admin's own role, built-in roles, the caller's company). */
export function editable(name: string, record: Record<string, unknown>) {
  if (name === 'change-user-role') return record.email === 'enduser@example.com';
  if (name === 'edit-role') return record.company_id !== null;
  if (name === 'edit-task-group') return record.name === 'Riga config push';
  return true;
}

/** A company's own role to try edit-role on (the built-in ones cannot be changed), with one of the permissions. */
export const ownRole = (permissionId: unknown) => ({
  title: 'Field engineer',
  description: 'Visits sites',
  company_id: [2],
  permission_id: [permissionId],
});
