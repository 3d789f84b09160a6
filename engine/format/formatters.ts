// Named cell formatters a page document may reference (`"formatter": "bytes"`).
// The page checker refuses names that are not registered here.
import { connectionAttempt } from '../device/attempts';
import { brandedModel, type DeviceBranding } from '../device/branding';
import { connectionStatus, faceliftText, l2tpStatus } from '../device/status';
import { formatBytes, formatDataCredit } from './bytes';
import {
  codeLabel,
  NOTIFICATION_TYPE_LABELS,
  REPORT_CODE_LABELS,
  STATUS_LABELS,
  VPN_CLIENT_TYPE_LABELS,
} from './code-labels';
import { formatDuration } from './duration';
import { isHexColor } from '../validators/patterns';
import { formatDateTime, formatRelativeTime, toDate } from './relative-time';
import { formatPort } from './services';
import { taskTypeCodes, taskTypeLabel } from './task-types';
import { formatCelsius, formatCoordinate, formatDbm } from './units';

export interface FormatContext {
  branding?: DeviceBranding;
  locale?: string;
  timeZone?: string;
  now?: Date;
  /** Translates the words a formatter answers item by item (task type labels); identity when absent. */
  translate?: (text: string) => string;
}
export type Formatter = (value: unknown, row: Record<string, unknown>, ctx: FormatContext) => string;

const num = (value: unknown) => (value === null || value === undefined || value === '' ? NaN : Number(value));

function listNames(value: unknown): string {
  if (!Array.isArray(value)) return value == null ? '' : String(value);
  return value
    .map((item) => (item && typeof item === 'object' ? ((item as { name?: unknown }).name ?? '') : item))
    .filter((item) => item !== '' && item != null)
    .join(', ');
}

/** The other fields of the row a formatter reads besides its column's value (a list asks for them, engine/pages/query). */
export const FORMATTER_ROW_FIELDS: Readonly<Record<string, readonly string[]>> = { attempt: ['reason'] };

export const formatters: Readonly<Record<string, Formatter>> = {
  text: (v) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)),
  number: (v, _r, c) => (Number.isFinite(num(v)) ? new Intl.NumberFormat(c.locale ?? 'en').format(num(v)) : ''),
  bytes: (v, _r, c) => (Number.isFinite(num(v)) ? formatBytes(num(v), 2, c.locale) : ''),
  dataCredit: (v, _r, c) => (Number.isFinite(num(v)) ? formatDataCredit(num(v), 2, c.locale) : ''),
  dbm: (v) => formatDbm(v),
  celsius: (v) => formatCelsius(v),
  coordinate: (v) => formatCoordinate(v),
  port: (v) => formatPort(v),
  relativeTime: (v, _r, c) => formatRelativeTime(v, c.now, c.locale),
  dateTime: (v, _r, c) => formatDateTime(v, c.locale, c.timeZone),
  date: (v, _r, c) => {
    const d = toDate(v);
    return d
      ? new Intl.DateTimeFormat(c.locale ?? 'en-GB', { dateStyle: 'medium', timeZone: c.timeZone }).format(d)
      : '';
  },
  duration: (v, _r, c) => formatDuration(num(v), c.locale),
  boolean: (v) => (v === true || v === 1 || v === '1' ? 'Yes' : v === false || v === 0 || v === '0' ? 'No' : ''),
  enabled: (v) => (v === true || v === 1 || v === '1' ? 'Enabled' : 'Disabled'),
  deviceStatus: (v) => connectionStatus(v),
  facelift: (v) => faceliftText(v),
  l2tp: (v) => l2tpStatus(v),
  attempt: (v, row) => connectionAttempt(v, typeof row.reason === 'string' ? row.reason : undefined).text,
  model: (v, _r, c) => brandedModel(v, c.branding),
  list: (v) => listNames(v),
  taskTypes: (v, _r, c) =>
    taskTypeCodes(v)
      .map((code) => (c.translate ?? String)(taskTypeLabel(code)))
      .join(', '),
  status: (v) => (v == null || v === '' ? '' : codeLabel(STATUS_LABELS, String(v))),
  notificationType: (v) => (v == null || v === '' ? '' : codeLabel(NOTIFICATION_TYPE_LABELS, String(v))),
  reportCode: (v) => (v == null || v === '' ? '' : codeLabel(REPORT_CODE_LABELS, String(v))),
  vpnClientType: (v) => (v == null || v === '' ? '' : codeLabel(VPN_CLIENT_TYPE_LABELS, String(v))),
  // A colour as its hex code (a cell draws its swatch beside it); anything else is no colour.
  color: (v) => (isHexColor(v) ? String(v).toLowerCase() : ''),
  count: (v) => (Array.isArray(v) ? String(v.length) : Number.isFinite(num(v)) ? String(num(v)) : ''),
  percent: (v, _r, c) =>
    Number.isFinite(num(v))
      ? new Intl.NumberFormat(c.locale ?? 'en', { style: 'percent', maximumFractionDigits: 1 }).format(num(v) / 100)
      : '',
};

/** Formatters that answer words (states, yes/no) rather than data: a cell translates their output. */
export const WORD_FORMATTERS: ReadonlySet<string> = new Set([
  'deviceStatus',
  'boolean',
  'enabled',
  'facelift',
  'l2tp',
  'attempt',
  'status',
  'notificationType',
  'reportCode',
  'vpnClientType',
]);

export function formatterNames(): string[] {
  return Object.keys(formatters);
}

export function formatCell(
  name: string | undefined,
  value: unknown,
  row: Record<string, unknown>,
  ctx: FormatContext = {},
): string {
  return (formatters[name ?? 'text'] ?? formatters.text)(value, row, ctx);
}
