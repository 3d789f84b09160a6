// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListState } from '../../engine/pages/list-state';
import { devicesDoc } from '../../engine/pages/sample-document';

const SEEN_AT = vi.hoisted(() => '2024-03-05T10:20:00Z');
const fetchList = vi.hoisted(() =>
  vi.fn(async (_doc: unknown, state: ListState) => ({
    rows: Array.from({ length: state.pageSize }, (_, i) => {
      const id = (state.page - 1) * state.pageSize + i + 1;
      return { id, name: `Device ${id}`, status: id % 2, serial: String(1100000000 + id), seen_at: SEEN_AT };
    }),
    total: 1000,
  })),
);
vi.mock('../../engine/pages/fetch-list', () => ({ fetchList, readEnvelope: vi.fn() }));
vi.mock('../../engine/stores/settings', async () => {
  const { proxy } = await import('valtio/vanilla');
  const settingsState = proxy<{ values: Record<string, unknown>; loaded: boolean }>({ values: {}, loaded: true });
  return {
    settingsState,
    setSetting: vi.fn(async (key: string, value: unknown) => void (settingsState.values[key] = value)),
    deleteSetting: vi.fn(),
  };
});

// The map view's own module (Leaflet) stands in as the list state it is given.
vi.mock('../map/ListMap', () => ({
  ListMap: ({ state }: { state: ListState }) => <p>Map of status {state.filters.status ?? 'any'}</p>,
}));

const { ListPage } = await import('./ListPage');

function Location() {
  const location = useLocation();
  return <output aria-label="location">{location.search}</output>;
}

function renderAt(url: string, doc = devicesDoc) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <ListPage doc={doc} name="management.devices" scope={{}} />
      <Location />
    </MemoryRouter>,
  );
}

const search = () => screen.getByLabelText('location').textContent;

describe('ListPage', () => {
  afterEach(() => {
    cleanup();
    fetchList.mockClear();
  });

  it("reloads after a form that names its page or its table, not another's", async () => {
    const { emitReloadData } = await import('../../engine/submit/events');
    renderAt('/management/devices', { ...devicesDoc, table: 'devices' });
    await screen.findByText('Device 1');
    const calls = () => fetchList.mock.calls.length;
    const before = calls();
    act(() => emitReloadData({ tableRef: 'tags' }));
    act(() => emitReloadData({ tableRef: 'devices' }));
    await waitFor(() => expect(calls()).toBe(before + 1));
    act(() => emitReloadData({ tableRef: 'management.devices' }));
    await waitFor(() => expect(calls()).toBe(before + 2));
  });

  it('reads the view from the URL and writes paging and sorting back', async () => {
    renderAt('/management/devices?page=2&sort=name');
    await screen.findByText('Device 11');
    expect(fetchList.mock.calls[0][1]).toMatchObject({ page: 2, sort: 'name', pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Device 21');
    expect(search()).toBe('?page=3&sort=name');
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(search()).toBe('?sort=-name'));
  });

  it('the Reload tool has its name as its tooltip where it shows as an icon only, not a native title', async () => {
    const narrow = (query: string) => ({
      matches: query === '(width <= 640px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
    vi.stubGlobal('matchMedia', narrow);
    try {
      renderAt('/management/devices');
      await screen.findByText('Device 1');
      const reload = screen.getByRole('button', { name: 'Reload' });
      const tip = document.getElementById(reload.getAttribute('aria-describedby')!);
      expect([tip?.getAttribute('role'), tip?.textContent]).toEqual(['tooltip', 'Reload']);
      expect(reload.hasAttribute('title')).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the Reload tool shows its text and no tooltip repeating it on a wide screen', async () => {
    renderAt('/management/devices');
    await screen.findByText('Device 1');
    const reload = screen.getByRole('button', { name: 'Reload' });
    expect(reload.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByRole('tooltip', { hidden: true, name: 'Reload' })).toBeNull();
  });

  it('keeps the selection across pages and names its size', async () => {
    renderAt('/management/devices');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Device 3' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Device 11');
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Select Device 11' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('11 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear selection' })));
    expect(screen.getByText('No rows selected')).toBeTruthy();
  });

  it('shows relative times as exact ones once the table preferences say so', async () => {
    const doc = {
      ...devicesDoc,
      columns: [...devicesDoc.columns!, { key: 'seen_at', title: 'Last seen', formatter: 'relativeTime' }],
    };
    renderAt('/management/devices', doc);
    const row = (await screen.findByText('Device 1')).closest('tr')!;
    const relative = row.querySelector('time')!;
    expect(relative.getAttribute('datetime')).toBe('2024-03-05T10:20:00.000Z');
    expect(relative.textContent).not.toMatch(/2024/);
    expect(relative.getAttribute('tabindex')).toBeNull(); // no tab stop per row: the preference instead
    fireEvent.click(screen.getByRole('button', { name: 'Table preferences' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Show exact times' }));
    await waitFor(() => expect(row.querySelector('time')!.textContent).toMatch(/2024/));
    expect(row.querySelector('time')!.hasAttribute('aria-describedby')).toBe(false);
  });

  it('offers exact times only in a table that has relative ones', async () => {
    renderAt('/management/devices');
    await screen.findByText('Device 1');
    fireEvent.click(screen.getByRole('button', { name: 'Table preferences' }));
    await screen.findByRole('checkbox', { name: 'Name' });
    expect(screen.queryByRole('checkbox', { name: 'Show exact times' })).toBeNull();
  });

  it('sends the search and filters as list parameters', async () => {
    renderAt('/management/devices?q=riga&f.status=1');
    await screen.findByText('Device 1');
    expect(fetchList.mock.calls[0][1]).toMatchObject({ q: 'riga', filters: { status: '1' } });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'riga');
    expect(search()).toBe('?q=riga&f.status=1');
  });

  it('offers a Map view when the document has a map: the filtered list on the map instead of the table', async () => {
    renderAt('/management/devices?f.status=1', { ...devicesDoc, map: true });
    await screen.findByText('Device 1');
    const views = screen.getByRole('group', { name: 'View' });
    expect(within(views).getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(views).getByRole('button', { name: 'Map' }));
    await screen.findByText('Map of status 1');
    expect(screen.queryByRole('table')).toBeNull();
    expect(search()).toBe('?f.status=1&view=map');
    fireEvent.click(within(views).getByRole('button', { name: 'Table' }));
    await screen.findByRole('table');
    expect(search()).toBe('?f.status=1');
  });

  it('has no Map view without a map in the document, whatever the URL says', async () => {
    renderAt('/management/devices?view=map');
    await screen.findByText('Device 1');
    expect(screen.queryByRole('group', { name: 'View' })).toBeNull();
    expect(screen.queryByText(/^Map of/)).toBeNull();
  });
});
