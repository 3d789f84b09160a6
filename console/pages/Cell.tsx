// One formatted value: text from the named formatter (or the label a list's
// filter gives the code), a link when the column names one, a status badge for
// device states.
import { Link } from 'react-router-dom';
import { formatCell, type FormatContext } from '../../engine/format/formatters';
import { cellText, type CellColumn } from '../../engine/pages/cell-text';
import { toDate } from '../../engine/format/relative-time';
import { statusClass } from '../../engine/device/status';
import { resolvePath } from '../../engine/pages/template';
import { t } from '../../engine/i18n/i18n';
import { Tooltip } from '../../renderer/tooltip/Tooltip';
import { ColorSwatch } from '../../renderer/widgets/ColorSwatch';

export type { CellColumn };

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
  const shown = cellText(column, row, { ...ctx, translate: t });
  const { value, raw } = shown;
  const text = shown.text || placeholder;
  const href = column.link ? resolvePath(column.link, row) : undefined;
  if (href) return <Link to={href}>{text || '—'}</Link>;
  if (column.formatter === 'relativeTime' && text && text !== placeholder) {
    // The exact time in the one date style as the tooltip of a relative one.
    const exact = formatCell('dateTime', value, row, ctx);
    return (
      <Tooltip content={exact}>
        <time
          className="relative-time"
          dateTime={toDate(value)?.toISOString()}
          tabIndex={focusableTime ? 0 : undefined}
        >
          {text}
        </time>
      </Tooltip>
    );
  }
  if (column.formatter === 'dateTime' && text && text !== placeholder) {
    // A machine-readable date, kept on one line in tables (pages.css).
    return <time dateTime={toDate(value)?.toISOString()}>{text}</time>;
  }
  if (column.formatter === 'color' && raw) return <ColorSwatch color={raw} />;
  if (column.formatter === 'deviceStatus') {
    return <span className={`status ${statusClass(raw)}`}>{text}</span>;
  }
  return <>{text}</>;
}
