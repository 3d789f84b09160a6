// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../engine/http/client';
import { setSessionUser, type SessionUser } from '../../engine/session/user';
import { closeAllModals, minimizeModal, openModal } from '../../engine/stores/modals';
import { GlobalSearch } from './GlobalSearch';

const user = {
  id: 2,
  email: 'admin@example.com',
  username: 'admin',
  permissions: ['view_devices', 'view_tags'],
  company: { id: 1, parent_id: null, name: 'Acme', level: 1 },
  role: { id: 2, name: 'admin', title: 'Administrator' },
  tos_accepted: true,
} as SessionUser;

let urls: string[] = [];

beforeEach(() => {
  // The stubbed platform fetch is the network (jsdom's XMLHttpRequest would go out).
  http.configure({ adapter: 'fetch' });
  vi.useFakeTimers();
  urls = [];
  localStorage.clear();
  setSessionUser(user);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(
        JSON.stringify({ success: true, data: [{ id: 7, name: 'RUT955 depot' }], meta: { total: 12 } }),
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function mount() {
  render(
    <MemoryRouter>
      <input aria-label="Other field" />
      <GlobalSearch />
    </MemoryRouter>,
  );
}

describe('GlobalSearch', () => {
  it('opens with / (not while typing), debounces 500 ms, one call per permitted source', async () => {
    mount();
    fireEvent.keyDown(screen.getByLabelText('Other field'), { key: '/' });
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.keyDown(document.body, { key: '/' });
    const box = screen.getByRole('combobox', { name: 'Search' });
    expect(screen.getByText('Type to start searching')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'RUT' } });
    await act(async () => {
      vi.advanceTimersByTime(499);
    });
    expect(urls).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(urls.map((u) => u.split('?')[0])).toEqual(['/api/devices', '/api/tags']);
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getAllByText('10+')).toHaveLength(2);
  });

  it('/ does not open the search while a modal is open; a minimised modal does not count (shell spec §4)', () => {
    mount();
    const id = openModal({ id: 'activate-code', title: 'Activate code' });
    fireEvent.keyDown(document.body, { key: '/' });
    expect(screen.queryByRole('combobox')).toBeNull();
    act(() => void minimizeModal(id));
    fireEvent.keyDown(document.body, { key: '/' });
    expect(screen.getByRole('combobox', { name: 'Search' })).toBeTruthy();
    closeAllModals();
  });

  it('closing clears the query and saves the chosen sources', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tags' }));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'x' } });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(localStorage.getItem('global_search_sources')).toBe('["devices"]');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Search/ }));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('checkbox', { name: 'Tags' }) as HTMLInputElement).checked).toBe(false);
  });

  it('closes when keyboard focus leaves the panel, not while it moves inside', () => {
    render(
      <MemoryRouter>
        <GlobalSearch />
        <button type="button">Elsewhere</button>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    const input = screen.getByRole('combobox');
    fireEvent.blur(input, { relatedTarget: screen.getByRole('checkbox', { name: 'Tags' }) });
    expect(screen.getByRole('combobox')).toBeTruthy();
    fireEvent.blur(screen.getByRole('checkbox', { name: 'Tags' }), {
      relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }),
    });
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('Esc on a source checkbox closes the panel and focuses the trigger', () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    const tags = screen.getByRole('checkbox', { name: 'Tags' });
    tags.focus();
    fireEvent.keyDown(tags, { key: 'Escape' });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Search/ }));
  });
});
