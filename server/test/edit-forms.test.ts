import { beforeAll, describe, expect, it } from 'vitest';
import { checkValues } from '../../engine/form/values';
import { compileForm } from '../../engine/schema/compile';
import { hiddenKeys, isEmptyValue } from '../../engine/schema/depends';
import { fillEndpoint, shapePayload } from '../../engine/submit/payload';
import { loadedValues, unchangedMessage } from '../../engine/submit/require-change';
import type { FieldSchema, FormDocument } from '../../engine/schema/types';
import { isDisplayOnly } from '../../engine/fields/kinds';
import { rows, useServer, type Client } from './harness';
import { editable, editForms, ownRole, RECORDS } from './edit-form-records';

// Every edit form (a form with `load`) as an operator meets it: opened on an
// existing record it holds every stored value of its fields, and submitted
// unchanged it changes nothing. Each step is the engine's own (loadedValues as
// the form controller fills the form, checkValues before submit, shapePayload
// for the body), over real HTTP.

const { admin } = useServer({ admin: 'admin@example.com' });

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
    const role = await admin.post('/api/roles', ownRole(rows(await admin.get('/api/roles/permissions?limit=1'))[0].id));
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
      // The form shows every stored value: the read answers every field the form shows (null when the record has
      // none), a secret (a password, never read back) aside; a field it left out would open empty, or at its
      // default, over a stored value. And the form passes its own check as it opened.
      const hidden = hiddenKeys(doc, before);
      const answered = (f: FieldSchema) => !isDisplayOnly(f) && f.type !== 'password';
      for (const field of doc.fields.filter((f) => answered(f) && !hidden.has(f.key)))
        expect(loaded, `${name}: ${field.key}`).toHaveProperty(field.key);
      expect(checkValues(doc, before, [...hidden]), name).toEqual({});
      // A requireChange form (forms spec §5) is not sent unchanged: it says so instead.
      const unchanged = unchangedMessage(doc, before, before);
      if (unchanged) expect(unchanged, name).toBe('Please input different value to save changes.');
      else {
        const body = shapePayload(doc, before, before);
        const url = `/api${fillEndpoint(doc.endpoint, { ...before, ...body }, String(record!.id))}`;
        const put = await admin.request((doc.method ?? 'post').toUpperCase(), url, body);
        expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
      }
      expect((await opened(admin, doc, record!.id)).values).toEqual(before);
    });
  }

  // An operator who empties an optional field (a description, the last tag) means the stored value to go: the
  // form sends the field's empty value for a field it opened with a value, and the record reads back empty.
  for (const [name, doc] of editForms) {
    it(`${name}: every optional field it opened with a value, emptied, reads back empty`, async () => {
      const record = rows(await admin.get(RECORDS[name])).find((r) => editable(name, r));
      const { values: before } = await opened(admin, doc, record!.id);
      const hidden = hiddenKeys(doc, before);
      const clearable = doc.fields.filter(
        (f) =>
          !f.required &&
          !f.requiredWhen &&
          f.type !== 'checkbox' &&
          !f.disabled &&
          !isDisplayOnly(f) &&
          !hidden.has(f.key) &&
          !isEmptyValue(before[f.key]),
      );
      if (!clearable.length) return;
      const after = { ...before, ...Object.fromEntries(clearable.map((f) => [f.key, emptied(before[f.key])])) };
      const body = shapePayload(doc, after, before);
      const url = `/api${fillEndpoint(doc.endpoint, { ...after, ...body }, String(record!.id))}`;
      const put = await admin.request((doc.method ?? 'post').toUpperCase(), url, body);
      expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
      const { values: read } = await opened(admin, doc, record!.id);
      const stillHidden = hiddenKeys(doc, after);
      for (const field of clearable.filter((f) => !stillHidden.has(f.key)))
        expect(isEmptyValue(read[field.key]) || read[field.key] === field.default, `${name}: ${field.key}`).toBe(true);
      // The record as it was, for the next test.
      const restore = shapePayload(doc, before, after);
      const back = await admin.request((doc.method ?? 'post').toUpperCase(), url, restore);
      expect(back.status, JSON.stringify(back.body)).toBeLessThan(300);
    });
  }

  // A field the record cannot be without stays refused when emptied: the server answers on that field, and the
  // record reads back as it was.
  for (const [name, doc] of editForms) {
    it(`${name}: each required field it shows, emptied, is refused on that field`, async () => {
      const record = rows(await admin.get(RECORDS[name])).find((r) => editable(name, r));
      const { values: before } = await opened(admin, doc, record!.id);
      const hidden = hiddenKeys(doc, before);
      const required = doc.fields.filter(
        (f) => f.required && f.type !== 'checkbox' && !f.disabled && !isDisplayOnly(f) && !hidden.has(f.key),
      );
      for (const field of required) {
        const stored = before[field.key];
        const empty = Array.isArray(stored) ? [] : typeof stored === 'string' ? '' : null;
        const body = { ...shapePayload(doc, before, before), [field.key]: empty };
        const url = `/api${fillEndpoint(doc.endpoint, { ...before, ...body }, String(record!.id))}`;
        const put = await admin.request((doc.method ?? 'post').toUpperCase(), url, body);
        expect(put.status, `${name}: ${field.key} ${JSON.stringify(put.body)}`).toBe(422);
        expect(
          (put.body.errors as { source?: string }[]).map((e) => e.source?.split('.')[0]),
          `${name}: ${field.key}`,
        ).toContain(field.key);
      }
      expect((await opened(admin, doc, record!.id)).values).toEqual(before);
    });
  }
});

/** What an operator leaves in a field they empty: an empty list, box or number. */
function emptied(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  return typeof value === 'number' ? undefined : '';
}
