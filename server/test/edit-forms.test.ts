import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments } from '../../engine/schema/load-fs';
import { checkValues } from '../../engine/form/values';
import { compileForm } from '../../engine/schema/compile';
import { hiddenKeys } from '../../engine/schema/depends';
import { fillEndpoint, shapePayload } from '../../engine/submit/payload';
import { loadedValues, unchangedMessage } from '../../engine/submit/require-change';
import type { FieldSchema, FormDocument } from '../../engine/schema/types';
import { isDisplayOnly } from '../../engine/fields/kinds';
import { rows, useServer, type Client } from './harness';

// Every edit form (a form with `load`) as an operator meets it: opened on an
// existing record it holds every stored value of its fields, and submitted
// unchanged it changes nothing. Each step is the engine's own (loadedValues as
// the form controller fills the form, checkValues before submit, shapePayload
// for the body), over real HTTP.

const forms = loadDocuments('schemas').forms;
const { admin } = useServer({ admin: 'admin@example.com' });

/** The list each edit form's record is picked from (the page that opens the form). */
const RECORDS: Record<string, string> = {
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
function editable(name: string, record: Record<string, unknown>) {
  if (name === 'change-user-role') return record.email === 'enduser@example.com';
  if (name === 'edit-role') return record.company_id !== null;
  if (name === 'edit-task-group') return record.name === 'Riga config push';
  return true;
}

const editForms = [...forms].filter(([, doc]) => doc.load && ['put', 'patch'].includes(doc.method ?? 'post'));

/** The values the form holds once opened on a record: its defaults, then the loaded item's values. */
async function opened(client: Client, doc: FormDocument, id: unknown) {
  const reply = await client.get(`/api${fillEndpoint(doc.load!, {}, String(id))}`);
  expect(reply.status, doc.load).toBe(200);
  const { defaults } = compileForm(doc, { permissions: [] }).options;
  const loaded = loadedValues(
    reply.body.data,
    doc.fields.map((f) => f.key),
  );
  return { values: { ...defaults, ...loaded }, loaded };
}

describe('edit forms', () => {
  beforeAll(async () => {
    // A company's own role (the built-in ones cannot be changed).
    const role = await admin.post('/api/roles', {
      title: 'Field engineer',
      description: 'Visits sites',
      company_id: [2],
      permission_id: [rows(await admin.get('/api/roles/permissions?limit=1'))[0].id],
    });
    expect(role.status, JSON.stringify(role.body)).toBeLessThan(300);
  });

  it('every edit form has a record list here', () => {
    expect(editForms.map(([name]) => name).sort()).toEqual(Object.keys(RECORDS).sort());
  });

  for (const [name, doc] of editForms) {
    it(`${name}: opened on a record, submitted unchanged, reads back equal`, async () => {
      const list = RECORDS[name];
      const record = rows(await admin.get(list)).find((r) => editable(name, r));
      expect(record, `${name}: a record in ${list}`).toBeDefined();
      const { values: before, loaded } = await opened(admin, doc, record!.id);
      // The read answers a value for every required field the form shows and every field with a default (a
      // default would stand in for the stored value), and the form passes its own check as it opened.
      const hidden = hiddenKeys(doc, before);
      const answered = (f: FieldSchema) => (f.required || f.default !== undefined) && !isDisplayOnly(f);
      for (const field of doc.fields.filter((f) => answered(f) && !hidden.has(f.key)))
        expect(loaded, `${name}: ${field.key}`).toHaveProperty(field.key);
      expect(checkValues(doc, before, [...hidden]), name).toEqual({});
      // A requireChange form (forms spec §5) is not sent unchanged: it says so instead.
      const unchanged = unchangedMessage(doc, before, before);
      if (unchanged) expect(unchanged, name).toBe('Please input different value to save changes.');
      else {
        const body = shapePayload(doc, before);
        const url = `/api${fillEndpoint(doc.endpoint, { ...before, ...body }, String(record!.id))}`;
        const put = await admin.request((doc.method ?? 'post').toUpperCase(), url, body);
        expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
      }
      expect((await opened(admin, doc, record!.id)).values).toEqual(before);
    });
  }
});
