import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('../../engine/http/client', () => ({ http: { get: (...args: unknown[]) => get(...args) } }));

import { resolve } from 'node:path';
import { fileSource } from '../../engine/schema/load-fs';
import { loadFormDocument, setDocumentSource } from '../../engine/schema/registry';
import { isLookupRef, loadLookupPage, lookupDependencies, staticOptions } from './lookup';
import { clampMove } from './useDrag';

const ctx = { values: { company_id: 4 }, permissions: ['super_admin'], role: 'super_admin' };

describe('lookups', () => {
  beforeEach(() => get.mockReset());

  it('fills {key} parameters from the form values and leaves out empty ones', async () => {
    get.mockResolvedValue({ data: { success: true, data: [], meta: { total: 0 } } });
    await loadLookupPage({ lookup: 'roles', params: { company_id: '{company_id}', type: 'firmware' } }, ctx, {});
    expect(get.mock.lastCall?.[1].params).toMatchObject({ company_id: 4, type: 'firmware' });
    await loadLookupPage(
      { lookup: 'roles', params: { company_id: '{company_id}' } },
      { ...ctx, values: { company_id: '' } },
      {},
    );
    expect(get.mock.lastCall?.[1].params).not.toHaveProperty('company_id');
    expect(lookupDependencies({ lookup: 'roles', params: { company_id: '{company_id}', x: 1 } })).toEqual([
      'company_id',
    ]);
  });

  it('a lookup switch follows its choosing key and the placeholders of each of its lookups', () => {
    const source = {
      lookupBy: 'applied_by',
      lookups: { tag: { lookup: 'tags', params: { company_id: '{company_id}' } }, device: { lookup: 'devices' } },
    };
    expect(lookupDependencies(source)).toEqual(['applied_by', 'company_id']);
    expect(isLookupRef(source)).toBe(false);
    expect(staticOptions(source, ctx)).toBeUndefined();
  });

  it('reads dotted label and description keys (data-collect configs: config.name)', async () => {
    get.mockResolvedValueOnce({
      data: {
        success: true,
        data: [{ id: 9, config: { name: 'Signal', description: 'Signal strength' } }],
        meta: { total: 1 },
      },
    });
    const page = await loadLookupPage({ lookup: 'data-collect-configs' }, ctx, {});
    expect(page.options).toEqual([
      {
        value: 9,
        label: 'Signal',
        description: 'Signal strength',
        item: { id: 9, config: { name: 'Signal', description: 'Signal strength' } },
      },
    ]);
  });

  it.each(['create-code', 'move-resources'])(
    '%s submits the credit type name (spec payload credit_type_name)',
    async (name) => {
      const doc = await loadFormDocument(name);
      const field = doc?.fields.find((f) => f.key === 'credit_type_name');
      const source = field?.options;
      if (!isLookupRef(source)) throw new Error(`${name}: credit_type_name has no lookup`);
      get.mockResolvedValueOnce({
        data: {
          success: true,
          data: [
            { id: 1, name: 'Free Credit', payment_type: 'free' },
            { id: 2, name: 'Paid Credit', payment_type: 'paid' },
          ],
          meta: { total: 2 },
        },
      });
      const page = await loadLookupPage(source, ctx, {});
      expect(page.options.map((o) => o.value)).toEqual(['Free Credit', 'Paid Credit']);
    },
  );

  it('loads a page of 100 with the search text, offset and the lookup document keys', async () => {
    get.mockResolvedValueOnce({
      data: { success: true, data: [{ id: 3, name: 'Acme Baltics' }], meta: { total: 250 } },
    });
    const page = await loadLookupPage({ lookup: 'companies' }, ctx, { search: 'balt', offset: 100 });
    expect(get.mock.calls[0][0]).toBe('/companies');
    expect(get.mock.calls[0][1].params).toMatchObject({ limit: 100, offset: 100, q: 'balt' });
    expect(page).toMatchObject({ total: 250, options: [{ value: 3, label: 'Acme Baltics' }] });
  });

  it('applies the transform and the valueKey override', async () => {
    get.mockResolvedValueOnce({
      data: {
        success: true,
        data: [
          { id: 1, name: 'Free Credit', payment_type: 'free' },
          { id: 2, name: 'Paid Credit', payment_type: 'paid' },
        ],
        meta: { total: 2 },
      },
    });
    const page = await loadLookupPage(
      { lookup: 'credit-types', transform: 'creditTypesForUser', valueKey: 'name' },
      { ...ctx, permissions: [], role: 'admin' },
      {},
    );
    expect(page.options.every((o) => typeof o.value === 'string')).toBe(true);
    expect(page.options.map((o) => o.label).some((l) => /Paid/.test(l))).toBe(false);
  });

  it("a lookup document's permission: without it the list is denied (no call, no options)", async () => {
    const files = fileSource(resolve('schemas'));
    setDocumentSource((kind, name, etag) =>
      kind === 'lookups' && name === 'roles'
        ? files(kind, name, etag).then((answer) =>
            answer.status === 'ok'
              ? { ...answer, document: { ...(answer.document as object), permission: 'view_roles' } }
              : answer,
          )
        : files(kind, name, etag),
    );
    try {
      get.mockResolvedValue({ data: { success: true, data: [{ name: 'admin', title: 'Administrator' }] } });
      expect(await loadLookupPage({ lookup: 'roles' }, { ...ctx, permissions: ['create_users'] }, {})).toEqual({
        options: [],
        received: 0,
        total: 0,
        denied: true,
      });
      expect(get).not.toHaveBeenCalled();
      const page = await loadLookupPage({ lookup: 'roles' }, { ...ctx, permissions: ['view_roles'] }, {});
      expect(page.options.map((o) => o.label)).toEqual(['Administrator']);
    } finally {
      setDocumentSource(files);
    }
  });

  it('static lists pass through; function lists are computed', () => {
    expect(staticOptions([{ value: 'a', label: 'A' }], ctx)).toEqual([{ value: 'a', label: 'A' }]);
    expect(staticOptions(undefined, ctx)).toEqual([]);
    expect(staticOptions({ lookup: 'companies' }, ctx)).toBeUndefined();
  });
});

describe('clampMove', () => {
  it('keeps a dragged dialog inside the viewport', () => {
    const rect = { left: 100, top: 50, right: 700, bottom: 450 } as DOMRect;
    expect(clampMove(rect, -500, -500, 1280, 720)).toEqual({ x: -100, y: -50 });
    expect(clampMove(rect, 2000, 2000, 1280, 720)).toEqual({ x: 580, y: 270 });
    expect(clampMove(rect, 10, 20, 1280, 720)).toEqual({ x: 10, y: 20 });
  });
});
