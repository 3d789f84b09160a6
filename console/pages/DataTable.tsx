// The accessible table of a list page: caption, column headers with sort
// buttons and aria-sort, labelled row checkboxes, row actions.
import { useEffect, useRef } from 'react';
import { ariaSort, nextSort } from '../../engine/pages/list-state';
import { isSelected, pageCheckState, type RowId, type Selection } from '../../engine/pages/selection';
import type { FormatContext } from '../../engine/format/formatters';
import type { PageAction, PageColumn } from '../../engine/pages/types';
import { useSnapshot } from 'valtio/react';
import { rowActionsFor } from '../../engine/pages/row-actions';
import { session } from '../../engine/session/user';
import { ActionButtons } from './ActionButtons';
import { Cell, type CellColumn } from './Cell';
import { t } from '../../engine/i18n/i18n';

interface Props {
  caption: string;
  columns: (PageColumn & CellColumn)[];
  rows: Record<string, unknown>[];
  idOf: (row: Record<string, unknown>) => RowId;
  nameOf: (row: Record<string, unknown>) => string;
  sort: string;
  defaultSort?: string;
  onSort: (sort: string) => void;
  selection?: Selection;
  onToggleRow?: (row: Record<string, unknown>) => void;
  onTogglePage?: () => void;
  rowActions?: PageAction[];
  onRowAction: (action: PageAction, row: Record<string, unknown>) => void;
  ctx: FormatContext;
  busy: boolean;
  /** Placeholder rows drawn while the first answer is awaited (never an empty table before it). */
  skeletonRows?: number;
}

function PageCheckbox(props: { state: 'all' | 'some' | 'none'; onChange: () => void; disabled: boolean }) {
  const { state, onChange, disabled } = props;
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={t('Select all rows on this page')}
      checked={state === 'all'}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

function SkeletonRows({ count, cells }: { count: number; cells: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, row) => (
        <tr key={row} className="skeleton-row" aria-hidden="true">
          {Array.from({ length: cells }, (_, cell) => (
            <td key={cell}>
              <span className="skeleton-bar" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function DataTable(props: Props) {
  const { columns, rows, idOf, nameOf, sort, selection, rowActions, ctx } = props;
  const userId = useSnapshot(session).user?.id;
  const selectable = !!selection && !!props.onToggleRow;
  const pageIds = rows.map(idOf);
  return (
    <div className="page-table-scroll">
      <table className="page-table" aria-busy={props.busy}>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {selectable && (
              <th scope="col" className="col-select">
                <PageCheckbox
                  state={pageCheckState(selection!, pageIds)}
                  disabled={props.busy || rows.length === 0}
                  onChange={() => props.onTogglePage?.()}
                />
              </th>
            )}
            {columns.map((column) => {
              const state = column.sortable ? ariaSort(sort, column.key) : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={state}
                  style={column.width ? { width: column.width } : undefined}
                  className={column.align ? `align-${column.align}` : undefined}
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => props.onSort(nextSort(sort, column.key, props.defaultSort))}
                    >
                      {column.title}
                      <span aria-hidden="true">
                        {state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : ''}
                      </span>
                    </button>
                  ) : (
                    column.title
                  )}
                </th>
              );
            })}
            {!!rowActions?.length && (
              <th scope="col">
                <span className="visually-hidden">{t('Actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {props.busy && rows.length === 0 && !!props.skeletonRows && (
            <SkeletonRows
              count={props.skeletonRows}
              cells={columns.length + (selectable ? 1 : 0) + (rowActions?.length ? 1 : 0)}
            />
          )}
          {rows.map((row) => {
            const id = idOf(row);
            const name = nameOf(row);
            return (
              <tr key={String(id)} aria-selected={selectable ? isSelected(selection!, id) : undefined}>
                {selectable && (
                  <td className="col-select">
                    <input
                      type="checkbox"
                      aria-label={t('Select {name}', { name })}
                      checked={isSelected(selection!, id)}
                      disabled={props.busy}
                      onChange={() => props.onToggleRow?.(row)}
                    />
                  </td>
                )}
                {columns.map((column) => (
                  <td key={column.key} className={column.align ? `align-${column.align}` : undefined}>
                    <Cell column={column} row={row} ctx={ctx} />
                  </td>
                ))}
                {!!rowActions?.length && (
                  <td className="col-actions">
                    <ActionButtons
                      actions={rowActionsFor(rowActions, idOf(row), userId)}
                      context={name}
                      onRun={(action) => props.onRowAction(action, row)}
                      row={row}
                      className="row-actions"
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
