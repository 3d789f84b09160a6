import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../../engine/schema/load-fs';
import { useServer } from './harness';

// Every schemas/forms document names a call the server answers, and the
// server validates that call against the same document: an empty submission
// of a document with required fields is refused with 422 and a `source` for
// each required field it checks (423 first for the password-confirmed admin
// tools; 403 where the record the path names, id 1, may not be changed at
// all: the default roles). A document without required fields (a partial
// update as the OpenAPI allows, an action without input) is answered. A
// partial form's empty submission is refused, by its fields or, where the
// call's own body schema asks for at least one, as a body. Fields the
// OpenAPI leaves optional and the server fills in when absent (the caller's
// company, a name for the moment: openapi-optional-fields.test.ts) are asked
// for by the console's form but are never refused: an empty submission is
// answered for them, and created where nothing else is required.

const SERVER_DEFAULTS: Record<string, string[]> = {
  'new-automation': ['name', 'company_id'],
  'new-report': ['name'],
  'new-vpn-hub': ['company_id'],
};

const documents = loadDocuments('schemas');
const forms = [...documents.forms];
const { superAdmin } = useServer({ superAdmin: 'super@example.com' });

const fill = (endpoint: string) => endpoint.replace(/\{email\}/g, 'nobody@example.com').replace(/\{\w+\}|:\w+/g, '1');

describe('form documents and server calls', () => {
  it('there are form documents to check', () => {
    expect(forms.length).toBeGreaterThanOrEqual(14);
  });

  for (const [name, doc] of forms) {
    it(`${name}: ${(doc.method ?? 'post').toUpperCase()} ${doc.endpoint}`, async () => {
      const method = (doc.method ?? 'post').toUpperCase();
      const url = `/api${fill(doc.endpoint)}`;
      const reply =
        doc.encoding === 'multipart'
          ? await superAdmin
              .raw(method, url, { body: new FormData() })
              .then(async (r) => ({ status: r.status, body: await r.json() }))
          : await superAdmin.request(method, url, method === 'DELETE' ? undefined : {});
      const keysInPath = [...doc.endpoint.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const defaulted = SERVER_DEFAULTS[name] ?? [];
      const required = doc.fields.filter(
        (f) => f.required && !f.depends && !f.permission && !keysInPath.includes(f.key) && !defaulted.includes(f.key),
      );
      const shown = `${name}: ${reply.status} ${JSON.stringify(reply.body)}`;
      if (defaulted.length && !required.length) {
        expect(reply.status, shown).toBeLessThan(300);
        expect(reply.body.success, shown).toBe(true);
        return;
      }
      if (!required.length && !doc.fields.some((f) => f.required)) {
        expect(reply.status, shown).not.toBe(404);
        expect(reply.status, shown).toBeLessThan(500);
        return;
      }
      expect(reply.body.success, shown).toBe(false);
      expect([403, 422, 423], shown).toContain(reply.status);
      if (reply.status === 403) expect(reply.body.errors[0].code, shown).toBe('FORBIDDEN');
      if (reply.status === 422) {
        const sources = (reply.body.errors as { source: string | null }[]).map((e) => e.source);
        if (doc.partial && sources.length === 1 && sources[0] === null) return;
        for (const field of required) expect(sources, `${name} ${field.key}`).toContain(field.key);
        for (const key of defaulted) expect(sources, `${name} ${key}`).not.toContain(key);
      }
    });
  }
});

describe('lookup documents and server lists', () => {
  for (const [name, doc] of documents.lookups) {
    it(`${name}: GET ${doc.path}`, async () => {
      const reply = await superAdmin.get(`/api${doc.path}?limit=${doc.limit ?? 100}`);
      expect(reply.status, `${name}: ${JSON.stringify(reply.body).slice(0, 200)}`).toBe(200);
      const data = reply.body.data as Record<string, unknown>[];
      expect(Array.isArray(data) && data.length > 0, name).toBe(true);
      const read = (row: Record<string, unknown>, key: string) =>
        key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], row);
      for (const key of [doc.valueKey ?? 'id', doc.labelKey ?? 'name'])
        expect(read(data[0], key), `${name} ${key}`).toBeDefined();
    });
  }
});
