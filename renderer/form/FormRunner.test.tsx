// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const requests: { method?: string; url: string; data?: unknown; params?: unknown }[] = [];
let respond: (config: { method?: string; url: string; data?: unknown }) => unknown = () => ({ success: true });

vi.mock('../../engine/http/client', async () => {
  const { HttpError } = await import('../../engine/http/errors');
  const run = async (config: { method?: string; url: string; data?: unknown; params?: unknown }) => {
    requests.push(config);
    const out = respond(config);
    if (out instanceof HttpError) throw out;
    return { status: 200, statusText: 'OK', data: out, headers: new Headers(), config };
  };
  return {
    http: {
      request: run,
      get: (url: string, config: Record<string, unknown> = {}) => run({ ...config, method: 'get', url }),
    },
  };
});

import { HttpError } from '../../engine/http/errors';
import { loadFormDocument } from '../../engine/schema/registry';
import type { FormDocument } from '../../engine/schema/types';
import { setSessionUser, type SessionUser } from '../../engine/session/user';
import { clearToasts, toasts } from '../../engine/stores/toasts';
import { FormRunner } from './FormRunner';

const admin = {
  id: 2,
  username: 'admin',
  email: 'admin@example.com',
  company: { id: 1, parent_id: null, name: 'Acme Networks', level: 1 },
  role: { id: 2, name: 'admin', title: 'Administrator' },
  tos_accepted: true,
  permissions: ['view_companies', 'view_tags'],
} as SessionUser;

const companies = {
  success: true,
  data: [
    { id: 1, name: 'Acme Networks' },
    { id: 2, name: 'Acme Baltics' },
  ],
  meta: { total: 2 },
};

/** The company list loads; a submit is refused (422) with these error items. */
function refuse(errors: { code: string; message: string; source: string | null }[]) {
  respond = (c) =>
    c.url === '/companies' ? companies : new HttpError('422', c, { status: 422, data: { success: false, errors } });
}

async function mount(name: string, extra: Partial<Parameters<typeof FormRunner>[0]> = {}) {
  const doc = (await loadFormDocument(name))!;
  const onClose = vi.fn();
  const onCancel = vi.fn();
  render(<FormRunner name={name} doc={doc} onClose={onClose} onCancel={onCancel} {...extra} />);
  return { onClose, onCancel };
}

describe('FormRunner', () => {
  beforeEach(() => {
    requests.length = 0;
    setSessionUser(admin);
    respond = (c) => (c.url === '/companies' ? companies : { success: true, data: { id: 9 } });
  });
  afterEach(() => {
    cleanup();
    clearToasts();
  });

  it('renders labelled fields, refuses an empty required field, submits the shaped payload', async () => {
    const { onClose } = await mount('new-tag');
    const name = screen.getByLabelText(/^Name/);
    const company = screen.getByRole('combobox', { name: /Company/ });
    expect(name.tagName).toBe('INPUT');

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(name.getAttribute('aria-describedby')).toContain('__error');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method !== 'get')).toHaveLength(0);

    fireEvent.change(name, { target: { value: '  Lab  ' } });
    expect(screen.queryByText('The name field is required.')).toBeNull();
    fireEvent.click(company);
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Baltics' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    const post = requests.find((r) => r.method === 'post')!;
    expect(post).toMatchObject({ url: '/tags', data: { company_id: 2, name: 'Lab' } });
    expect(onClose).toHaveBeenCalled();
    expect(toasts.list.map((t) => t.message)).toEqual(['Tag created successfully']);
  });

  it('a keystroke reads nothing off the <form> element (Chromium rebuilds its named-control lookup after every edit)', async () => {
    await mount('new-tag');
    const form = document.querySelector('form')!;
    const suffix = Object.keys(form)
      .find((k) => k.startsWith('__reactFiber$'))!
      .split('$')[1];
    const reads: string[] = [];
    for (const prefix of ['Fiber', 'Props', 'Container', 'Events', 'Listeners', 'Handles']) {
      const key = `__react${prefix}$${suffix}`;
      const value: unknown = (form as unknown as Record<string, unknown>)[key];
      Object.defineProperty(form, key, { configurable: true, get: () => (reads.push(key), value) });
    }
    const name = screen.getByLabelText<HTMLInputElement>(/^Name/);
    expect(form.contains(name)).toBe(true);
    fireEvent.input(name, { target: { value: 'L' } });
    fireEvent.change(name, { target: { value: 'La' } });
    expect(name.value).toBe('La');
    expect(reads).toEqual([]);
  });

  it('a computed alert follows the field its function reads (the company data preview)', async () => {
    await mount('add-company-data');
    const credits = screen.getByLabelText(/^Credit count/);
    fireEvent.change(credits, { target: { value: '3' } });
    expect(await screen.findByText('Data amount: 6 GB')).toBeTruthy();
    fireEvent.change(credits, { target: { value: '10' } });
    expect(await screen.findByText('Data amount: 20 GB')).toBeTruthy();
  });

  it('shows server errors under their field and the rest in the general list', async () => {
    refuse([
      { code: 'VALIDATION_ERROR', message: 'The name has already been taken.', source: 'name' },
      { code: 'X', message: 'Tag limit reached.', source: null },
    ]);
    await mount('new-tag', { options: { data: { company_id: 1 } } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Lab' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    expect(await screen.findByText('The name has already been taken.')).toBeTruthy();
    // One general message is a message, not a list.
    expect(screen.getByRole('alert').innerHTML).toBe('<p>Tag limit reached.</p>');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Name/)));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Lab 2' } });
    expect(screen.queryByText('The name has already been taken.')).toBeNull();
  });

  it('shows one message under a field and each general message once, one entry per message', async () => {
    const error = (message: string, source: string | null) => ({ code: 'X', message, source });
    refuse([
      error('The name has already been taken.', 'name'),
      error('The name is reserved.', 'name'),
      error('Tag limit reached.', null),
      error('Try again tomorrow.', null),
      error('Tag limit reached.', null),
    ]);
    await mount('new-tag', { options: { data: { company_id: 1 } } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Lab' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    expect(await screen.findByText('The name has already been taken.')).toBeTruthy();
    expect(screen.queryByText('The name is reserved.')).toBeNull();
    const general = within(screen.getByRole('alert')).getAllByRole('listitem');
    expect(general.map((item) => item.textContent)).toEqual(['Tag limit reached.', 'Try again tomorrow.']);
  });

  it('lists the apply list by Applied by, clears the choice when it changes and submits ids of the chosen kind', async () => {
    const lists: Record<string, { id: number; name: string }[]> = {
      '/devices': [{ id: 3, name: 'RUT241 Riga' }],
      '/companies': [{ id: 3, name: 'Vilnius Field Ops' }],
      '/tags': [{ id: 5, name: 'Headquarters' }],
    };
    respond = (c) =>
      c.method === 'get' ? { success: true, data: lists[c.url], meta: { total: 1 } } : { success: true };
    setSessionUser({ ...admin, permissions: ['view_reports', 'update_devices'] });
    await mount('new-report', { options: { data: { type: 'periodic', period: 'day' } } });
    const applyTo = screen.getByRole('combobox', { name: /Apply to/ });
    fireEvent.click(applyTo);
    fireEvent.click(await screen.findByRole('option', { name: /RUT241 Riga/ }));
    expect(screen.getByRole('list', { name: /Selected Apply to/ }).textContent).toContain('RUT241 Riga');

    fireEvent.click(screen.getByRole('radio', { name: 'Tag' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: /Selected Apply to/ })).toBeNull());
    fireEvent.click(applyTo);
    fireEvent.click(await screen.findByRole('option', { name: /Headquarters/ }));
    expect(screen.queryByRole('option', { name: /RUT241 Riga/ })).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Tagged' } });
    fireEvent.click(screen.getByRole('combobox', { name: /Parameters/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Signal' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    expect(requests.filter((r) => r.method === 'get').map((r) => r.url)).toEqual(['/devices', '/tags']);
    expect(requests.find((r) => r.method === 'post')).toMatchObject({
      url: '/reports',
      data: { name: 'Tagged', applied_by: 'tag', apply_list: [5], parameters: ['signal'] },
    });
  });

  it('shows depends fields only for the price-required type ids and never submits hidden ones', async () => {
    respond = (c) =>
      c.url === '/credits/types'
        ? {
            success: true,
            data: [
              { id: 1, name: 'Free Credit', payment_type: 'free' },
              { id: 2, name: 'Paid Credit', payment_type: 'paid' },
            ],
            meta: { total: 2 },
          }
        : c.url === '/companies'
          ? companies
          : { success: true };
    setSessionUser({ ...admin, role: { id: 1, name: 'super_admin', title: 'System Administrator' } });
    await mount('add-resources', { options: { data: { company_id: 1 } } });
    expect(screen.queryByLabelText(/Credit price/)).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: /Resource type/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Paid Credit/ }));
    const price = await screen.findByLabelText(/Credit price/);
    // Required only under depends: marked required while visible.
    expect(price.getAttribute('aria-required')).toBe('true');
    fireEvent.change(screen.getByLabelText(/Credit price/), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('combobox', { name: /Resource type/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Free Credit/ }));
    await waitFor(() => expect(screen.queryByLabelText(/Credit price/)).toBeNull());
    fireEvent.change(screen.getByLabelText(/Resource count/), { target: { value: '3' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    const post = requests.find((r) => r.method === 'post');
    expect(post?.data).not.toHaveProperty('credit_price');
  });

  it('requiredWhen: Location note is marked required once a colour is typed and refused empty, with no request', async () => {
    const doc = {
      $schema: '../form.schema.json',
      title: 'New tag',
      endpoint: '/tags',
      fields: [
        { key: 'name', label: 'Name', type: 'text', required: true },
        { key: 'color', label: 'Colour', type: 'text' },
        { key: 'location_note', label: 'Location note', type: 'text', requiredWhen: [{ key: 'color' }] },
      ],
    } as FormDocument;
    render(<FormRunner name="new-tag" doc={doc} onClose={vi.fn()} onCancel={vi.fn()} />);
    const note = screen.getByLabelText(/Location note/);
    expect(note.getAttribute('aria-required')).not.toBe('true');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Lab' } });
    fireEvent.change(screen.getByLabelText(/Colour/), { target: { value: '#1a2b3c' } });
    await waitFor(() => expect(screen.getByLabelText(/Location note/).getAttribute('aria-required')).toBe('true'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    expect(await screen.findByText('The location note field is required.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'post')).toBe(false);
    fireEvent.change(screen.getByLabelText(/Colour/), { target: { value: '' } });
    await waitFor(() => expect(screen.getByLabelText(/Location note/).getAttribute('aria-required')).not.toBe('true'));
  });

  it('lookup paging: the next page starts at the server offset; a filtering transform never repeats options', async () => {
    // Ten credit types, free and paid alternating; the server pages them 4 at a time whatever the limit asked.
    const types = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      name: i % 2 ? `Paid Credit ${i + 1}` : `Free Credit ${i + 1}`,
      payment_type: i % 2 ? 'paid' : 'free',
    }));
    respond = (c) => {
      if (c.url !== '/credits/types') return { success: true };
      const offset = Number((c as { params?: { offset?: number } }).params?.offset ?? 0);
      return { success: true, data: types.slice(offset, offset + 4), meta: { total: types.length } };
    };
    await mount('create-code');
    const type = screen.getByRole('combobox', { name: /Type/ });
    fireEvent.click(type);
    await screen.findByRole('option', { name: 'Credit 2' });
    // ArrowDown at the last option asks for the next page, until the server has none left.
    for (let i = 0; i < 12; i++) {
      await act(async () => {
        fireEvent.keyDown(type, { key: 'ArrowDown' });
      });
    }
    await screen.findByRole('option', { name: 'Credit 10' });
    const offsets = requests
      .filter((r) => r.url === '/credits/types')
      .map((r) => (r.params as { offset?: number }).offset);
    expect(offsets).toEqual([0, 4, 8]);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Credit 2',
      'Credit 4',
      'Credit 6',
      'Credit 8',
      'Credit 10',
    ]);
  });

  it('lookup paging: a page the transform empties is followed by the next one at once', async () => {
    // The server's first page holds only free types, which an admin does not see.
    const types = [1, 3, 5, 2, 4].map((id) => ({
      id,
      name: id % 2 ? `Free Credit ${id}` : `Paid Credit ${id}`,
      payment_type: id % 2 ? 'free' : 'paid',
    }));
    respond = (c) => {
      if (c.url !== '/credits/types') return { success: true };
      const offset = Number((c as { params?: { offset?: number } }).params?.offset ?? 0);
      return { success: true, data: types.slice(offset, offset + 3), meta: { total: types.length } };
    };
    await mount('create-code');
    fireEvent.click(screen.getByRole('combobox', { name: /Type/ }));
    await screen.findByRole('option', { name: 'Credit 4' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Credit 2', 'Credit 4']);
    expect(
      requests.filter((r) => r.url === '/credits/types').map((r) => (r.params as { offset?: number }).offset),
    ).toEqual([0, 3]);
  });

  it("role list: an error other than 401 gives an empty list, not the previous company's roles", async () => {
    setSessionUser({ ...admin, permissions: [...admin.permissions, 'create_users'] });
    const roles = (companyId: number) => [
      { id: 2, name: 'admin', title: 'Administrator', company_id: null, permissions_count: 40 },
      { id: 40 + companyId, name: `tech-${companyId}`, title: `Technician ${companyId}`, company_id: companyId },
    ];
    respond = (c) => {
      if (c.url === '/companies') return companies;
      if (c.url !== '/roles') return { success: true };
      const companyId = Number((c as { params?: { company_id?: number } }).params?.company_id);
      if (companyId === 2) return new HttpError('Internal Server Error', c, { status: 500, data: { success: false } });
      return { success: true, data: roles(companyId), meta: { total: 2 } };
    };
    await mount('invite-user', { options: { data: { company_id: 1 } } });
    const role = screen.getByRole('combobox', { name: /Role/ });
    fireEvent.click(role);
    expect(await screen.findByRole('option', { name: 'Technician 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: /Company/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Baltics' }));
    fireEvent.click(role);
    expect(await screen.findByText('Failed to load the list')).toBeTruthy();
    expect(screen.queryAllByRole('option', { name: /Technician|Administrator/ })).toEqual([]);
  });

  it('a lookup list the server refuses (403) says Access denied, not No results', async () => {
    setSessionUser({ ...admin, permissions: [...admin.permissions, 'create_users'] });
    respond = (c) => {
      if (c.url === '/companies') return companies;
      if (c.url === '/roles') return new HttpError('Forbidden', c, { status: 403, data: { success: false } });
      return { success: true };
    };
    await mount('invite-user', { options: { data: { company_id: 1 } } });
    fireEvent.click(screen.getByRole('combobox', { name: /Role/ }));
    expect(await screen.findByText('Access denied')).toBeTruthy();
    expect(screen.queryByText('No results')).toBeNull();
    expect(screen.queryByText('Failed to load the list')).toBeNull();
  });
});
