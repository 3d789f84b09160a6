// A dashboard's widgets as the server sends them: value tiles (one formatted
// value of the device) and charts (a chart page document drawn for the device).
// The console reads them through widgetsOf, which drops anything malformed.

export type DashboardWidget =
  | { id: number; type: 'value'; title: string; value: unknown; formatter?: string }
  | { id: number; type: 'chart'; title: string; page: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The well-formed widgets of an item field, in order. */
export function widgetsOf(value: unknown): DashboardWidget[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (w): w is DashboardWidget =>
      isRecord(w) &&
      typeof w.id === 'number' &&
      typeof w.title === 'string' &&
      ((w.type === 'value' && (w.formatter === undefined || typeof w.formatter === 'string')) ||
        (w.type === 'chart' && typeof w.page === 'string' && /^[\w.-]+$/.test(w.page))),
  );
}
