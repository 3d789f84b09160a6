// One formatted value: text from the named formatter (or the label a list's
// filter gives the code), a link when the column names one, a status badge for
// device states.
import { Link } from 'react-router-dom';
import { formatCell, WORD_FORMATTERS, type FormatContext } from '../../engine/format/formatters';
import { toDate } from '../../engine/format/relative-time';
import { readPath, resolvePath } from '../../engine/pages/template';
import { t } from '../../engine/i18n/i18n';
import { Tooltip } from '../../renderer/tooltip/Tooltip';

/** A column as a cell reads it; `labels` name the codes of a column its list also filters by (value → option label). */
export interface CellColumn {
  key: string;
  formatter?: string;
  link?: string;
  labels?: Readonly<Record<string, string>>;
}

interface Props {
  column: CellColumn;
  row: Record<string, unknown>;
  ctx: FormatContext;
  /** Shown for an empty value (detail pages); table cells stay blank. */
  placeholder?: string;
  /**
   * A relative time takes the keyboard focus, which shows its exact time (detail pages: a few values). A table
   * offers exact times in its preferences instead of a tab stop in every row.
   */
  focusableTime?: boolean;
}

export function Cell({ column, row, ctx, placeholder = '', focusableTime }: Props) {
  const value = readPath(row, column.key);
  const raw = formatCell(column.formatter, value, row, ctx);
  const label = value == null ? undefined : column.labels?.[String(value)];
  const text = label ?? ((column.formatter && WORD_FORMATTERS.has(column.formatter) ? t(raw) : raw) || placeholder);
  const href = column.link ? resolvePath(column.link, row) : undefined;
  if (href) return <Link to={href}>{text || '—'}</Link>;
  if (column.formatter === 'relativeTime' && text && text !== placeholder) {
    // The exact time in the one date style as the tooltip of a relative one.
    const exact = formatCell('dateTime', value, row, ctx);
    return (
      <Tooltip content={exact}>
        <time dateTime={toDate(value)?.toISOString()} tabIndex={focusableTime ? 0 : undefined}>
          {text}
        </time>
      </Tooltip>
    );
  }
  if (column.formatter === 'dateTime' && text && text !== placeholder) {
    // A machine-readable date, kept on one line in tables (pages.css).
    return <time dateTime={toDate(value)?.toISOString()}>{text}</time>;
  }
  if (column.formatter === 'deviceStatus') {
    return <span className={`status status-${raw.toLowerCase().replace(/\s+/g, '-')}`}>{text}</span>;
  }
  return <>{text}</>;
}
