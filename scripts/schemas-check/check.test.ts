import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSchemas, defaultSchemasDir } from './check';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function fixture(file: string, text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  dirs.push(dir);
  for (const meta of ['form.schema.json', 'prompt.schema.json', 'lookup.schema.json'])
    cpSync(join(defaultSchemasDir, meta), join(dir, meta));
  mkdirSync(join(dir, 'lookups'));
  cpSync(join(defaultSchemasDir, 'lookups/companies.json'), join(dir, 'lookups/companies.json'));
  mkdirSync(join(dir, file.split('/')[0]), { recursive: true });
  writeFileSync(join(dir, file), text);
  return checkSchemas(dir).map((p) => `${p.file}: ${p.pointer}: ${p.message}`);
}

describe('schemas:check', () => {
  it('passes the repository documents', () => {
    expect(checkSchemas(defaultSchemasDir)).toEqual([]);
  });

  it('reports meta-schema violations with a JSON pointer', () => {
    const out = fixture(
      'forms/broken.json',
      JSON.stringify({
        $schema: '../form.schema.json',
        title: 'Broken',
        endpoint: '/x',
        fields: [{ key: 'name', type: 'txt', lable: 'Name' }],
      }),
    );
    expect(out).toContain('forms/broken.json: /fields/0/lable: unknown property lable');
    expect(
      out.some((l) => l.startsWith('forms/broken.json: /fields/0/type: must be equal to one of the allowed values')),
    ).toBe(true);
  });

  it('cross-checks depends, lookups, registered functions, duplicate keys and placeholders', () => {
    const text = `{
      "$schema": "../form.schema.json",
      "title": "Broken",
      "endpoint": "/x/{nope}",
      "schema": { "id": "other" },
      "fields": [
        { "key": "a", "label": "A", "label": "A again" },
        { "key": "a", "depends": [{ "key": "ghost" }] },
        { "key": "kind", "type": "radio", "options": [{ "value": 1, "label": "One" }] },
        { "key": "f", "depends": [{ "key": "kind", "values": [1, 2] }] },
        { "key": "c", "component": "ItemSelect", "options": { "lookup": "planets" } },
        { "key": "d", "options": { "function": "nothing" }, "formatter": "nope", "validate": ["ipv5"] }
      ]
    }`;
    const out = fixture('forms/broken.json', text);
    expect(out).toEqual(
      expect.arrayContaining([
        'forms/broken.json: /fields/0/label: duplicate key label',
        'forms/broken.json: /fields/1/key: duplicate key a',
        'forms/broken.json: /fields/1/depends/0/key: depends on unknown key ghost',
        'forms/broken.json: /fields/3/depends/0/values/1: kind has no option 2',
        'forms/broken.json: /fields/4/options/lookup: no lookup document lookups/planets.json',
        'forms/broken.json: /fields/5/options/function: no registered options function nothing',
        'forms/broken.json: /fields/5/formatter: no registered formatter nope',
        'forms/broken.json: /fields/5/validate/0: no registered validator ipv5',
        'forms/broken.json: /endpoint: placeholder {nope} names no field',
        'forms/broken.json: /schema/id: schema id other differs from the file name broken',
      ]),
    );
    const bad = { $schema: '../form.schema.json', title: 'B', endpoint: '/x', fields: [{ key: 'e', pattern: '(' }] };
    expect(fixture('forms/b.json', JSON.stringify(bad))).toContain(
      'forms/b.json: /fields/0/pattern: must match format "regex"',
    );
  });

  it('cross-checks requiredWhen like depends: a rule naming an unknown field, its own field or a missing option fails', () => {
    const doc = {
      $schema: '../form.schema.json',
      title: 'Tag',
      endpoint: '/tags',
      fields: [
        { key: 'color', label: 'Colour', type: 'select', options: [{ value: '#ff0000', label: 'Red' }] },
        { key: 'note', label: 'Location note', requiredWhen: [{ key: 'colour' }] },
        { key: 'own', requiredWhen: [{ key: 'own' }] },
        { key: 'pick', requiredWhen: [{ key: 'color', values: ['#00ff00'] }] },
        { key: 'both', required: true, requiredWhen: [{ key: 'color' }] },
        { key: 'ok', requiredWhen: [{ key: 'color', values: ['#ff0000'], not: true }] },
      ],
    };
    expect(fixture('forms/tag.json', JSON.stringify(doc))).toEqual([
      'forms/tag.json: /fields/1/requiredWhen/0/key: requiredWhen names unknown key colour',
      'forms/tag.json: /fields/2/requiredWhen/0/key: a field cannot be required by its own value',
      'forms/tag.json: /fields/3/requiredWhen/0/values/0: color has no option "#00ff00"',
      'forms/tag.json: /fields/4/requiredWhen: requiredWhen has no effect on a required field',
    ]);
    const empty = { ...doc, fields: [{ key: 'a', requiredWhen: [] }] };
    expect(fixture('forms/e.json', JSON.stringify(empty))).toContain(
      'forms/e.json: /fields/0/requiredWhen: must NOT have fewer than 1 items',
    );
  });

  it('cross-checks a lookup switch: its key names a field with that option, each lookup exists', () => {
    const text = JSON.stringify({
      $schema: '../form.schema.json',
      title: 'Switch',
      endpoint: '/x',
      fields: [
        { key: 'by', type: 'radio', options: [{ value: 'company', label: 'Company' }] },
        {
          key: 'list',
          component: 'ItemSelect',
          options: {
            lookupBy: 'by',
            lookups: { company: { lookup: 'companies' }, tag: { lookup: 'planets', params: { q: '{ghost}' } } },
          },
        },
        {
          key: 'self',
          component: 'ItemSelect',
          options: { lookupBy: 'self', lookups: { x: { lookup: 'companies' } } },
        },
        { key: 'lost', component: 'ItemSelect', options: { lookupBy: 'nobody', lookups: { x: { lookup: 'nope' } } } },
      ],
    });
    expect(fixture('forms/switch.json', text)).toEqual(
      expect.arrayContaining([
        'forms/switch.json: /fields/1/options/lookups/tag: by has no option tag',
        'forms/switch.json: /fields/1/options/lookups/tag/lookup: no lookup document lookups/planets.json',
        'forms/switch.json: /fields/1/options/lookups/tag/params/q: no field ghost',
        'forms/switch.json: /fields/2/options/lookupBy: a field cannot choose its own lookup',
        'forms/switch.json: /fields/3/options/lookupBy: no field nobody',
        'forms/switch.json: /fields/3/options/lookups/x/lookup: no lookup document lookups/nope.json',
      ]),
    );
    expect(fixture('forms/switch.json', text).filter((l) => l.includes('/fields/1/options/lookups/company'))).toEqual(
      [],
    );
    const empty = { key: 'empty', component: 'ItemSelect', options: { lookupBy: 'by', lookups: {} } };
    const emptyDoc = { $schema: '../form.schema.json', title: 'E', endpoint: '/x', fields: [empty] };
    expect(fixture('forms/e.json', JSON.stringify(emptyDoc))).toContain(
      'forms/e.json: /fields/0/options/lookups: must NOT have fewer than 1 properties',
    );
  });

  it('the meta-schema asks for table, and for options of ItemSelect, radio and select', () => {
    const doc = {
      $schema: '../form.schema.json',
      title: 'B',
      endpoint: '/x',
      fields: [
        { key: 't', component: 'TableInput' },
        { key: 's', component: 'ItemSelect' },
        { key: 'r', type: 'radio' },
      ],
    };
    expect(fixture('forms/b.json', JSON.stringify(doc))).toEqual(
      expect.arrayContaining([
        'forms/b.json: /fields/0: missing required property table',
        'forms/b.json: /fields/1: missing required property options',
        'forms/b.json: /fields/2: missing required property options',
      ]),
    );
  });

  it('reports a missing or unknown $schema and invalid JSON', () => {
    expect(fixture('forms/x.json', '{"title": "X"}')).toContain(
      'forms/x.json: /$schema: missing "$schema" naming the meta-schema',
    );
    expect(fixture('pages/x.json', '{"$schema": "../page.schema.json"}')).toContain(
      'pages/x.json: /$schema: no meta-schema at page.schema.json',
    );
    expect(fixture('forms/x.json', '{"title": ')[0]).toMatch(/^forms\/x.json: \/: invalid JSON/);
  });
});
