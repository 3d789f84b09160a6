import type { PageColumn, PageFilter } from './types';

/** A column with the labels of its codes (value → option label). */
export type LabelledColumn = PageColumn & { labels?: Readonly<Record<string, string>> };

/** A column the list also filters by with fixed options shows each code by its option's label (ssh → SSH). */
export function withFilterLabels(columns: PageColumn[], filters: PageFilter[] | undefined): LabelledColumn[] {
  return columns.map((column) => {
    const options = filters?.find((f) => f.key === column.key && !column.formatter)?.options;
    return options ? { ...column, labels: Object.fromEntries(options.map((o) => [String(o.value), o.label])) } : column;
  });
}
