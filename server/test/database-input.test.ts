import { describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// Values a database column cannot hold (text for an integer, out of range, a
// NUL character) come from the request: SQLite compares them and finds
// nothing, PostgreSQL refuses them; either way the answer is not a 5xx and
// nothing is written.

const { admin, superAdmin } = useServer({ admin: 'admin@example.com', superAdmin: 'super@example.com' });

describe('values the columns cannot hold', () => {
  it('filters and searches with them answer without a server error', async () => {
    for (const path of [
      '/api/devices?status=abc',
      '/api/devices?tag_id=abc',
      '/api/devices?company_id=99999999999',
      '/api/devices?id=99999999999999',
      '/api/devices?q=%00abc',
      '/api/users?company_id=x',
      '/api/vpn/hubs/abc/logs',
    ]) {
      const reply = await admin.get(path);
      expect(reply.status, path).toBeLessThan(500);
      expect(reply.status === 200 || reply.body.success === false, path).toBe(true);
    }
  });

  it('a resource count beyond the column leaves the pools unchanged', async () => {
    const before = rows(await superAdmin.get('/api/credits?company_id=4&limit=100')).length;
    const reply = await superAdmin.post('/api/credits', { credit_type_id: 1, credit_count: 2 ** 40, company_id: 4 });
    expect(reply.status).toBeLessThan(500);
    if (reply.status !== 201) {
      expect(rows(await superAdmin.get('/api/credits?company_id=4&limit=100'))).toHaveLength(before);
    }
  });
});
