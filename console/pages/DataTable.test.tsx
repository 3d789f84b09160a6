// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptySelection, toggleRow } from '../../engine/pages/selection';
import type { PageColumn } from '../../engine/pages/types';
import { DataTable } from './DataTable';
import { formatCell } from '../../engine/format/formatters';
import { Cell } from './Cell';
import { FieldList } from './FieldList';
import { Pagination } from './Pagination';
import { RefreshSelect } from './RefreshSelect';

const columns: PageColumn[] = [
  { key: 'name', title: 'Name', sortable: true, link: '/devices/{id}' },
  { key: 'status', title: 'Status', formatter: 'deviceStatus', sortable: true },
  { key: 'serial', title: 'Serial' },
];
const rows = [
  { id: 1, name: 'RUT955 Riga', status: 1, serial: '1100000001' },
  { id: 2, name: 'TRB140 Oslo', status: 0, serial: '1100000002' },
];

function table(props: Partial<Parameters<typeof DataTable>[0]> = {}) {
  const onSort = vi.fn();
  const onToggleRow = vi.fn();
  render(
    <MemoryRouter>
      <DataTable
        caption="Devices"
        columns={columns}
        rows={rows}
        idOf={(r) => r.id as number}
        nameOf={(r) => String(r.name)}
        sort="-status"
        defaultSort="-status"
        onSort={onSort}
        selection={toggleRow(emptySelection, 2, rows[1])}
        onToggleRow={onToggleRow}
        onTogglePage={vi.fn()}
        onRowAction={vi.fn()}
        ctx={{}}
        busy={false}
        {...props}
      />
    </MemoryRouter>,
  );
  return { onSort, onToggleRow };
}

describe('DataTable', () => {
  afterEach(cleanup);

  it('is a captioned table with sort buttons and aria-sort on sortable headers only', () => {
    const { onSort } = table();
    const grid = screen.getByRole('table', { name: 'Devices' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual([null, 'none', 'descending', null]);
    fireEvent.click(within(grid).getByRole('button', { name: /^Name/ }));
    expect(onSort).toHaveBeenCalledWith('name');
    fireEvent.click(within(grid).getByRole('button', { name: /^Status/ }));
    expect(onSort).toHaveBeenCalledWith('status');
  });

  it('labels every checkbox, shows the selection and formats cells', () => {
    const { onToggleRow } = table();
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveProperty(
      'indeterminate',
      true,
    );
    expect(screen.getByRole('checkbox', { name: 'Select TRB140 Oslo' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select RUT955 Riga' }));
    expect(onToggleRow).toHaveBeenCalledWith(rows[0]);
    expect(screen.getByRole('link', { name: 'RUT955 Riga' }).getAttribute('href')).toBe('/devices/1');
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.getByText('Offline')).toBeTruthy();
  });

  it('disables selection while the page loads', () => {
    table({ busy: true });
    expect(screen.getByRole('checkbox', { name: 'Select RUT955 Riga' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });
});

/** The text of the tooltip that describes `element`. */
function tooltipOf(element: HTMLElement) {
  const tip = document.getElementById(element.getAttribute('aria-describedby') ?? '');
  return tip?.getAttribute('role') === 'tooltip' ? tip.textContent : undefined;
}

describe('a relative time', () => {
  afterEach(cleanup);

  it('has the exact time as its tooltip, not a native title', () => {
    const when = '2024-03-05T10:20:00Z';
    const ctx = { timeZone: 'UTC', locale: 'en', now: new Date('2024-03-06T10:20:00Z') };
    const { container } = render(
      <Cell column={{ key: 'at', formatter: 'relativeTime' }} row={{ at: when }} ctx={ctx} />,
    );
    const time = container.querySelector('time')!;
    expect(tooltipOf(time)).toBe(formatCell('dateTime', when, {}, ctx));
    expect(time.hasAttribute('title')).toBe(false);
    expect(time.getAttribute('tabindex')).toBeNull();
  });

  it('on a detail page, takes the keyboard focus, which shows the exact time', () => {
    const when = '2024-03-05T10:20:00Z';
    const ctx = { timeZone: 'UTC', locale: 'en', now: new Date('2024-03-06T10:20:00Z') };
    const fields = [{ key: 'at', title: 'Last seen', formatter: 'relativeTime' }];
    render(<FieldList fields={fields} item={{ at: when }} ctx={ctx} className="detail" />);
    const time = document.querySelector('time')!;
    expect(time.tabIndex).toBe(0);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Tab' }); // focus as the keyboard gives it
    act(() => time.focus());
    expect(screen.getByRole('tooltip').textContent).toBe(formatCell('dateTime', when, {}, ctx));
  });
});

describe('Pagination and refresh', () => {
  afterEach(cleanup);

  it('names the range and moves between pages', () => {
    const onPage = vi.fn();
    render(
      <Pagination page={2} pageSize={25} total={100_000} pageSizes={[10, 25]} onPage={onPage} onPageSize={vi.fn()} />,
    );
    expect(screen.getByText('26–50 of 100,000')).toBeTruthy();
    expect(screen.getByText('Page 2 of 4,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPage).toHaveBeenCalledWith(4000);
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeTruthy();
  });

  it('names each page button for screen readers and gives it the name as its tooltip, not a native title', () => {
    render(<Pagination page={2} pageSize={25} total={100} pageSizes={[25]} onPage={vi.fn()} onPageSize={vi.fn()} />);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      const button = screen.getByRole('button', { name });
      expect(tooltipOf(button)).toBe(name);
      expect(button.hasAttribute('title')).toBe(false);
    }
  });

  it('offers the spec refresh intervals', () => {
    const onChange = vi.fn();
    render(<RefreshSelect value={0} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Refresh' });
    const labels = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(labels).toEqual(['Off', '10s', '30s', '1m', '5m', '15m', '30m', '1h', '2h', '24h']);
    fireEvent.change(select, { target: { value: '60' } });
    expect(onChange).toHaveBeenCalledWith(60);
  });
});
