import type { WidgetProps } from '@rjsf/utils';
import { memo, useCallback, useRef, useState } from 'react';
import { emptyRow, type TableRow } from '../../engine/fields/table-input';
import type { TableInputOptions } from '../../engine/schema/types';
import { ariaFor, fieldOptions } from './aria';
import { t } from '../../engine/i18n/i18n';

interface RowProps {
  row: TableRow;
  index: number;
  table: TableInputOptions;
  idPrefix: string;
  locked: boolean;
  onCell: (index: number, key: string, value: string) => void;
  onRemove: (index: number) => void;
}

const Row = memo(function Row({ row, index, table, idPrefix, locked, onCell, onRemove }: RowProps) {
  return (
    <tr>
      {table.fields.map((f) => (
        <td key={f.key}>
          {f.options ? (
            <select
              id={`${idPrefix}_${index}_${f.key}`}
              className="fc-input"
              aria-label={`${f.title} row ${index + 1}`}
              value={row[f.key] ?? ''}
              required={f.required}
              disabled={locked}
              onChange={(e) => onCell(index, f.key, e.target.value)}
            >
              <option value="">{t('Choose…')}</option>
              {f.options.map((o) => (
                <option key={String(o.value)} value={String(o.value)}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${idPrefix}_${index}_${f.key}`}
              className="fc-input"
              aria-label={`${f.title} row ${index + 1}`}
              value={row[f.key] ?? ''}
              maxLength={f.maxlength}
              pattern={f.pattern}
              required={f.required}
              readOnly={locked}
              onChange={(e) => onCell(index, f.key, e.target.value)}
            />
          )}
        </td>
      ))}
      {!locked && (
        <td>
          <button
            type="button"
            className="fc-btn"
            aria-label={t('Remove row {number}', { number: index + 1 })}
            onClick={() => onRemove(index)}
          >
            ×
          </button>
        </td>
      )}
    </tr>
  );
});

/** Rows shown at once; longer tables page through them (every row stays in the value). */
export const TABLE_PAGE_SIZE = 100;

/** Rows of objects keyed by the table field keys; one row re-renders per keystroke. */
export function TableInput(props: WidgetProps) {
  const { id, value, disabled, readonly, label, required, onChange } = props;
  const o = fieldOptions(props);
  const table = o.table as TableInputOptions;
  const rows: TableRow[] = Array.isArray(value) ? value : [];
  const latest = useRef({ rows, onChange });
  latest.current = { rows, onChange };
  const locked = !!(disabled || readonly);
  const [page, setPage] = useState(0);
  // Stable handlers: a keystroke re-renders only its own row.
  const onCell = useCallback((index: number, key: string, cell: string) => {
    const next = latest.current.rows.slice();
    next[index] = { ...next[index], [key]: cell };
    latest.current.onChange(next);
  }, []);
  const onRemove = useCallback((index: number) => {
    const next = latest.current.rows.filter((_, i) => i !== index);
    latest.current.onChange(next.length ? next : undefined);
  }, []);
  const pages = Math.max(1, Math.ceil(rows.length / TABLE_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const first = current * TABLE_PAGE_SIZE;
  const shown = rows.slice(first, first + TABLE_PAGE_SIZE);
  const full = table.maxRows !== undefined && rows.length >= table.maxRows;
  const aria = ariaFor(props);
  return (
    <div className="fc-table" id={id} aria-describedby={aria['aria-describedby']}>
      <table>
        <caption className={`fc-field__label${required ? ' fc-required' : ''}`}>{label}</caption>
        <thead>
          <tr>
            {table.fields.map((f) => (
              <th key={f.key} scope="col">
                {f.title}
              </th>
            ))}
            {!locked && (
              <th scope="col">
                <span className="visually-hidden">{t('Actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, offset) => (
            <Row
              key={first + offset}
              row={row}
              index={first + offset}
              table={table}
              idPrefix={id}
              locked={locked}
              onCell={onCell}
              onRemove={onRemove}
            />
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <div className="fc-table__pages">
          <button type="button" className="fc-btn" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('Previous rows')}
          </button>
          <span aria-live="polite">
            {t('Rows {first}–{last} of {total}', { first: first + 1, last: first + shown.length, total: rows.length })}
          </span>
          <button type="button" className="fc-btn" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            {t('Next rows')}
          </button>
        </div>
      )}
      {!locked && (
        <button
          type="button"
          className="fc-btn"
          disabled={full}
          onClick={() => {
            onChange([...rows, emptyRow(table)]);
            setPage(Math.floor(rows.length / TABLE_PAGE_SIZE));
          }}
        >
          {t('Add row')}
        </button>
      )}
    </div>
  );
}
