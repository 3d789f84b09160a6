import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../../engine/schema/load-fs';
import { rows, useServer } from './harness';

// Edit forms open with the stored values: each names a `load` call, and that
// call answers a value for every required field the form shows.

const forms = loadDocuments('schemas').forms;
const { admin } = useServer({ admin: 'admin@example.com' });

describe('edit forms', () => {
  for (const [name, list] of [
    ['edit-automation', '/api/automations?limit=1'],
    ['edit-task-group', '/api/devices/tasks/groups?limit=1'],
  ]) {
    it(`${name} loads the stored values`, async () => {
      const doc = forms.get(name)!;
      expect(doc.load, name).toBeDefined();
      const id = rows(await admin.get(list))[0].id;
      const loaded = await admin.get(`/api${doc.load!.replace(':id', String(id))}`);
      expect(loaded.status).toBe(200);
      const data = loaded.body.data as Record<string, unknown>;
      // Optional fields a record never had (a description) stay empty; the required ones are filled.
      for (const field of doc.fields.filter((f) => f.required && !f.depends))
        expect(data, `${name}: ${field.key}`).toHaveProperty(field.key);
      expect(data.name).toEqual(expect.any(String));
    });
  }
});
