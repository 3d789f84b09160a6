// Paging of a lookup list (forms spec §7, §9: lookups page through 100 per page).
// The server pages its items; a lookup's transform may then drop some of them
// (a non-super admin sees only paid credit types), so the next page starts at
// the number of items the server sent, never at the number of options shown,
// and an option already listed is never listed again.
import type { OptionItem } from './types';

/**
 * Options with the number of server items they were made from and the server's list total: one loaded page
 * (received: the items the server sent), or the list so far (received: every item so far, the next page's offset).
 */
export interface LookupPaging<O extends OptionItem = OptionItem> {
  options: O[];
  received: number;
  total: number;
}

export const emptyPaging = <O extends OptionItem>(): LookupPaging<O> => ({ options: [], received: 0, total: 0 });

/** The list after a page loaded at `offset` (0 starts the list again); options already listed are left out. */
export function addPage<O extends OptionItem>(
  list: LookupPaging<O>,
  page: LookupPaging<O>,
  offset: number,
): LookupPaging<O> {
  const before = offset === 0 ? [] : list.options;
  const seen = new Set(before.map((o) => String(o.value)));
  const fresh = page.options.filter((o) => {
    const key = String(o.value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { options: [...before, ...fresh], received: offset + page.received, total: page.total };
}

/** The offset of the next page: the server items received so far. */
export const nextOffset = (list: LookupPaging): number => list.received;

/** Whether the server has items not received yet (an empty page ends the list). */
export const hasMorePages = (list: LookupPaging): boolean => list.received < list.total;

/**
 * The offset to load at once after a page the transform left empty while the server has more (nothing would show,
 * and nothing would scroll to ask for the next page); undefined otherwise.
 */
export function followOnOffset(page: LookupPaging, offset: number): number | undefined {
  const next = offset + page.received;
  return page.options.length === 0 && page.received > 0 && next < page.total ? next : undefined;
}

/** The number of options the whole list will show as far as known: the server's total less the items left out. */
export const shownTotal = (list: LookupPaging): number =>
  Math.max(list.options.length, list.total - (list.received - list.options.length));
