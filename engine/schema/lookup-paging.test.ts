import { describe, expect, it } from 'vitest';
import { transforms } from './functions';
import {
  addPage,
  emptyPaging,
  followOnOffset,
  hasMorePages,
  nextOffset,
  shownTotal,
  type LookupPaging,
} from './lookup-paging';

// Ten credit types on the server, paid and free alternating; an admin sees only the paid ones.
const types = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  name: i % 2 ? `Paid Credit ${i + 1}` : `Free Credit ${i + 1}`,
  payment_type: i % 2 ? 'paid' : 'free',
}));
const admin = { values: {}, permissions: [], role: 'admin' };

/** A server that pages as the RMS list convention says (limit, offset), and the lookup's transform after it. */
function page(offset: number, limit: number) {
  const items = types.slice(offset, offset + limit);
  const shown = transforms.creditTypesForUser(items, {}, admin);
  return { options: shown.map((t) => ({ value: t.id as number, label: String(t.name) })), received: items.length };
}

function loadAll(limit: number): { list: LookupPaging; offsets: number[] } {
  let list: LookupPaging = emptyPaging();
  const offsets: number[] = [];
  do {
    const offset = offsets.length ? nextOffset(list) : 0;
    offsets.push(offset);
    list = addPage(list, { ...page(offset, limit), total: types.length }, offset);
  } while (hasMorePages(list) && offsets.length < 20);
  return { list, offsets };
}

describe('lookup paging (lookups page through 100 per page)', () => {
  it('the next page starts after the items the server sent, not after the options a filtering transform left', () => {
    const { list, offsets } = loadAll(4);
    expect(offsets).toEqual([0, 4, 8]);
    expect(list.options.map((o) => o.value)).toEqual([2, 4, 6, 8, 10]);
    expect(list.options.map((o) => o.label)).toEqual(['Credit 2', 'Credit 4', 'Credit 6', 'Credit 8', 'Credit 10']);
    expect(hasMorePages(list)).toBe(false);
    expect(shownTotal(list)).toBe(5);
  });

  it('a whole list in one page of 100 has no next page although the transform showed 5 of 10', () => {
    const { list, offsets } = loadAll(100);
    expect(offsets).toEqual([0]);
    expect(list.options).toHaveLength(5);
    expect(hasMorePages(list)).toBe(false);
  });

  it('never lists an option twice, even when a server page repeats items', () => {
    const first = addPage(emptyPaging(), { options: [{ value: 1, label: 'A' }], received: 1, total: 3 }, 0);
    const again = addPage(
      first,
      {
        options: [
          { value: 1, label: 'A' },
          { value: 2, label: 'B' },
        ],
        received: 2,
        total: 3,
      },
      1,
    );
    expect(again.options.map((o) => o.value)).toEqual([1, 2]);
    expect(nextOffset(again)).toBe(3);
    // Offset 0 starts the list again (a new search or a changed company).
    expect(addPage(again, { options: [{ value: 7, label: 'X' }], received: 1, total: 1 }, 0).options).toEqual([
      { value: 7, label: 'X' },
    ]);
  });

  it('while pages remain, the shown total is the server total less the items left out so far', () => {
    const list = addPage(emptyPaging(), { ...page(0, 4), total: 10 }, 0);
    expect(list.options).toHaveLength(2);
    expect(hasMorePages(list)).toBe(true);
    expect(shownTotal(list)).toBe(8);
  });

  it('a page the transform left empty is followed at once while the server has more', () => {
    expect(followOnOffset({ options: [], received: 4, total: 10 }, 0)).toBe(4);
    expect(followOnOffset({ options: [], received: 2, total: 10 }, 8)).toBeUndefined();
    expect(followOnOffset({ options: [{ value: 1, label: 'A' }], received: 4, total: 10 }, 0)).toBeUndefined();
    expect(followOnOffset({ options: [], received: 0, total: 10 }, 4)).toBeUndefined();
  });
});
