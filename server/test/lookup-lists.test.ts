import { describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// Lookup lists page through 100 per page (forms spec §7, §9): each list the
// lookups call honours limit, offset and q as every RMS API list does, so the
// console's next page (offset = items received) never repeats a row.

const { admin } = useServer({ admin: 'admin@example.com' });

const total = (reply: { body: Record<string, unknown> }) => (reply.body.meta as { total: number }).total;

describe.each(['/api/credits/types', '/api/roles'])('lookup list %s', (path) => {
  it('pages by limit and offset: the pages join into the whole list without a repeat', async () => {
    const whole = await admin.get(`${path}?limit=100`);
    expect(whole.status).toBe(200);
    const all = rows(whole).map((r) => r.id);
    expect(all.length).toBeGreaterThan(2);
    expect(total(whole)).toBe(all.length);
    const first = await admin.get(`${path}?limit=2&offset=0`);
    const rest = await admin.get(`${path}?limit=100&offset=2`);
    expect(total(first)).toBe(all.length);
    expect(rows(first).map((r) => r.id)).toEqual(all.slice(0, 2));
    expect(rows(rest).map((r) => r.id)).toEqual(all.slice(2));
    expect(rows(await admin.get(`${path}?limit=100&offset=${all.length}`))).toEqual([]);
  });
});

describe('credit types list', () => {
  it('searches the name with q (case-insensitive) and counts the matches', async () => {
    const reply = await admin.get('/api/credits/types?limit=100&q=paid');
    const names = rows(reply).map((r) => String(r.name));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.toLowerCase().includes('paid'))).toBe(true);
    expect(total(reply)).toBe(names.length);
  });
});
