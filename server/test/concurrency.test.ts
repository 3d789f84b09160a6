import { describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// Writes that race: simultaneous requests over real HTTP (on SQLite and, in
// the postgres project, on PostgreSQL with a connection pool) leave balances
// and the company tree as if they had run one after another.

const { admin } = useServer({ admin: 'admin@example.com' });

const PAID_CREDIT = 2;

async function balance(companyId: number): Promise<number> {
  const summary = await admin.get(`/api/credits/summary?company_id=${companyId}`);
  const { left } = (summary.body.data as { credits: { left: { credit_type_id: number; credits_left: number }[] } })
    .credits;
  return left.find((l) => l.credit_type_id === PAID_CREDIT)!.credits_left;
}

describe('concurrent writes', () => {
  it('50 simultaneous credit moves that together would overdraw leave the balance exact and never negative', async () => {
    const [source, target] = [2, 3];
    const before = await balance(source);
    const targetBefore = await balance(target);
    const amount = Math.ceil(before / 40);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        admin.post('/api/credits/move', { credit_type_name: 'Credit', source, target, amount }),
      ),
    );
    const moved = replies.filter((r) => r.status === 200).length;
    expect(replies.every((r) => r.status === 200 || r.status === 422)).toBe(true);
    expect(moved).toBe(Math.floor(before / amount));
    const after = await balance(source);
    expect(after).toBe(before - moved * amount);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(await balance(target)).toBe(targetBefore + moved * amount);
    const pools = rows(await admin.get(`/api/credits?company_id=${source}&limit=100`));
    expect(pools.every((p) => Number(p.credit_left) >= 0)).toBe(true);
  });

  it('of two companies moved under each other at the same time, only one moves', async () => {
    const create = async (name: string) =>
      (await admin.post<{ data: { id: number } }>('/api/companies', { name, parent_id: 1 })).body.data.id;
    const pairs = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => [await create(`Race West ${i}`), await create(`Race East ${i}`)]),
    );
    const results = await Promise.all(
      pairs.map(([a, b]) =>
        Promise.all([
          admin.post('/api/companies/move', { source: a, target: b }),
          admin.post('/api/companies/move', { source: b, target: a }),
        ]),
      ),
    );
    for (const pair of results) expect(pair.map((r) => r.status).sort()).toEqual([200, 422]);
    const tree = (await admin.get('/api/companies/tree')).body.data as { id: number; parent_id: number }[];
    for (const [a, b] of pairs) {
      const parents = tree.filter((c) => c.id === a || c.id === b).map((c) => c.parent_id);
      expect(parents.filter((p) => p === 1)).toHaveLength(1);
    }
  });
});
