import { describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password';
import { PASSWORD, signedIn, useServer } from './harness';

// The production server hashes at scrypt N=2^17, r=8, p=1 and replaces a
// weaker stored hash at sign-in (every other server test runs at the
// test-only cost to stay fast).

const { server } = useServer({}, { devices: 0, passwordCost: undefined });

const storedHash = async (email: string) =>
  (
    await server.app.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe('password cost on the production server', () => {
  it('seeds at N=2^17, r=8, p=1 and rehashes a weaker hash at sign-in', async () => {
    expect(await storedHash('admin@example.com')).toMatch(/^scrypt\$131072\$8\$1\$/);
    await server.app.ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD, { N: 16384, r: 8, p: 1 }) })
      .where('email', '=', 'guest@example.com')
      .execute();
    await signedIn(server, 'guest@example.com');
    const rehashed = await storedHash('guest@example.com');
    expect(rehashed).toMatch(/^scrypt\$131072\$8\$1\$/);
    const again = await signedIn(server, 'guest@example.com');
    expect((await again.get('/api/user')).status).toBe(200);
    expect(await storedHash('guest@example.com')).toBe(rehashed);
  }, 30_000);
});
