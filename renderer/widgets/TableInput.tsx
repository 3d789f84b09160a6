import type { WidgetProps } from '@rjsf/utils';
import { memo, useCallback, useRef } from 'react';
import { emptyRow, type TableRow } from '../../engine/fields/table-input';
import type { TableInputOptions } from '../../engine/schema/types';
import { ariaFor, fieldOptions } from './aria';

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
        </td>
      ))}
      {!locked && (
        <td>
          <button
            type="button"
            className="fc-btn"
            aria-label={`Remove row ${index + 1}`}
            onClick={() => onRemove(index)}
          >
            ×
          </button>
        </td>
      )}
    </tr>
  );
});

/** Rows of objects keyed by the table field keys; one row re-renders per keystroke. */
export function TableInput(props: WidgetProps) {
  const { id, value, disabled, readonly, label, required, onChange } = props;
  const o = fieldOptions(props);
  const table = o.table as TableInputOptions;
  const rows: TableRow[] = Array.isArray(value) ? value : [];
  const latest = useRef(rows);
  latest.current = rows;
  const locked = !!(disabled || readonly);
  const onCell = useCallback(
    (index: number, key: string, cell: string) => {
      const next = latest.current.slice();
      next[index] = { ...next[index], [key]: cell };
      onChange(next);
    },
    [onChange],
  );
  const onRemove = useCallback(
    (index: number) => {
      const next = latest.current.filter((_, i) => i !== index);
      onChange(next.length ? next : undefined);
    },
    [onChange],
  );
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
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <Row
              key={index}
              row={row}
              index={index}
              table={table}
              idPrefix={id}
              locked={locked}
              onCell={onCell}
              onRemove={onRemove}
            />
          ))}
        </tbody>
      </table>
      {!locked && (
        <button type="button" className="fc-btn" disabled={full} onClick={() => onChange([...rows, emptyRow(table)])}>
          Add row
        </button>
      )}
    </div>
  );
}
