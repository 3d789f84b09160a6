import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDeviceUpdate, liveChannels, readDeviceUpdate } from './live';

const rows = [
  { id: 1, company_id: 1, name: 'a', status: 1, serial: 'x' },
  { id: 2, company_id: 4, name: 'b', status: 0, serial: 'y' },
  { id: 3, company_id: 1, name: 'c', status: 1, serial: 'z' },
];

describe('live device updates', () => {
  it('reads the id and the live fields only', () => {
    expect(readDeviceUpdate({ data: { id: 2, status: 1, serial: 'forged', company_id: 9 } })).toEqual({
      id: 2,
      status: 1,
    });
    for (const bad of [null, {}, { data: null }, { data: { id: 'x' } }, { data: { status: 1 } }]) {
      expect(readDeviceUpdate(bad)).toBeUndefined();
    }
  });

  it('patches the row of the id in place and leaves other rows and keys alone', () => {
    const next = applyDeviceUpdate(rows, { id: 2, status: 1, last_connection_at: '2026-11-23T08:00:00Z' });
    expect(next[1]).toEqual({ ...rows[1], status: 1, last_connection_at: '2026-11-23T08:00:00Z' });
    expect(next[0]).toBe(rows[0]);
    expect(applyDeviceUpdate(rows, { id: 99, status: 0 })).toBe(rows);
  });

  it('never adds or drops rows, whatever the update', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.option(fc.integer({ min: 0, max: 3 })), (id, status) => {
        const next = applyDeviceUpdate(rows, { id, status });
        expect(next.map((row) => row.id)).toEqual(rows.map((row) => row.id));
        expect(next.map((row) => row.serial)).toEqual(rows.map((row) => row.serial));
      }),
    );
  });

  it('subscribes once per company of the rows', () => {
    expect(liveChannels(rows)).toEqual(['company.1', 'company.4']);
    expect(liveChannels([{ company_id: undefined }, { company_id: null }, { company_id: '' }])).toEqual([]);
  });
});
