import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020';
import { checkPageDocument } from './check';
import { devicesDoc } from './sample-document';
import { renderPageTypes } from '../../scripts/schemas-check/page-types-file';
import type { PageDocument } from './types';

const root = new URL('../../', import.meta.url);
const meta = JSON.parse(readFileSync(new URL('schemas/page.schema.json', root), 'utf8'));

describe('page meta-schema', () => {
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(meta);
  it('accepts the test document and refuses mistakes', () => {
    expect(validate(devicesDoc)).toBe(true);
    expect(validate({ ...devicesDoc, columns: [{ key: 'name' }] })).toBe(false);
    expect(validate({ ...devicesDoc, endpoint: undefined })).toBe(false);
    const noConfirm = {
      ...devicesDoc,
      bulkActions: [{ key: 'x', label: 'X', request: { method: 'post', path: '/x' } }],
    };
    expect(validate(noConfirm)).toBe(false);
    expect(validate({ ...devicesDoc, colums: [] })).toBe(false);
  });
  it('every page document passes', () => {
    const dir = new URL('schemas/pages/', root);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const ok = validate(JSON.parse(readFileSync(new URL(file, dir), 'utf8')));
      expect(ok ? [] : [file, validate.errors]).toEqual([]);
    }
  });
  it('types.ts is generated from the meta-schema', async () => {
    const current = readFileSync(new URL('engine/pages/types.ts', root), 'utf8');
    expect(current).toBe(await renderPageTypes(new URL('.', root).pathname));
  });
});

describe('the page documents', () => {
  const dir = new URL('schemas/pages/', root);
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
  const permissions = [
    ...(JSON.parse(readFileSync(new URL('fixtures/permissions.json', root), 'utf8')) as { name: string }[]).map(
      (p) => p.name,
    ),
    'move_devices',
  ];
  it('pass the cross-checks with the real permission catalogue', () => {
    for (const name of names) {
      const doc = JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')) as PageDocument;
      expect([name, checkPageDocument(doc, { name, pages: names, permissions })]).toEqual([name, []]);
    }
  });
});

describe('checkPageDocument', () => {
  const ctx = { forms: ['add-device'], prompts: [], pages: ['a'], permissions: ['view_devices'] };
  it('passes a good document', () => {
    expect(checkPageDocument(devicesDoc, ctx)).toEqual([]);
  });
  it('names each mistake with a pointer', () => {
    const bad: PageDocument = {
      ...devicesDoc,
      permission: 'view_devicez',
      selectable: false,
      defaultSort: 'serial',
      columns: [...devicesDoc.columns!, { key: 'name', title: 'Again', formatter: 'byts' }],
      toolbarActions: [{ key: 'add', label: 'Add', form: 'add-devise' }],
    };
    expect(checkPageDocument(bad, ctx).map((p) => p.pointer)).toEqual([
      '/permission',
      '/columns/4/key',
      '/columns/4/formatter',
      '/defaultSort',
      '/toolbarActions/0/form',
      '/bulkActions',
    ]);
    expect(checkPageDocument(bad, ctx)[2].message).toMatch(/^Unknown formatter "byts"; registered formatters: text/);
  });
  it('checks tabs', () => {
    const tabs: PageDocument = {
      $schema: '../page.schema.json',
      title: 'T',
      kind: 'tabs',
      tabs: [
        { key: 'a', title: 'A', page: 'a' },
        { key: 'b', title: 'B', page: 'missing' },
        { key: 'c', title: 'C', page: 't' },
      ],
      defaultTab: 'z',
    };
    expect(checkPageDocument(tabs, { ...ctx, name: 't' })).toEqual([
      { pointer: '/tabs/1/page', message: 'Page "missing" is not in schemas/pages/.' },
      { pointer: '/tabs/2/page', message: 'A tab cannot show its own page.' },
      { pointer: '/defaultTab', message: 'Default tab "z" is not one of the tabs.' },
    ]);
  });
});
