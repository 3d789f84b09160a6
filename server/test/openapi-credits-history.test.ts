import { describe, expect, it } from 'vitest';
import { loadDocument, operations } from '../openapi/document';
import { type Client, type Reply, rows, signedIn, useServer } from './harness';
import { strictValidator } from './openapi/strict-schema';

// The credits pool move history (GET /credits/move/history) over real HTTP:
// a move between companies lists with who moved how many from where to
// where, to the callers of either company only, filtered by the pool made.

const document = loadDocument();
const validate = strictValidator(document);
const history = operations(document).find((op) => op.key === 'GET /credits/move/history')!;

const { server, superAdmin } = useServer({ superAdmin: 'super@example.com' });

async function moves(client: Client, query = '') {
  const reply: Reply = await client.get(`/api/credits/move/history?limit=100${query}`);
  expect(reply.status).toBe(200);
  const check = validate(history, 200)!;
  expect(check(reply.body) ? [] : check.errors).toEqual([]);
  return rows(reply);
}

describe('GET /credits/move/history', () => {
  it('lists each move to the companies on either side', async () => {
    expect(await moves(superAdmin)).toEqual([]);
    const move = { credit_type_name: 'Paid Credit', source: 1, target: 2, amount: 3 };
    const reply = await superAdmin.post('/api/credits/move', move);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const me = (await superAdmin.get('/api/user')).body.data as { id: number; username: string };
    const [entry] = await moves(superAdmin);
    expect(entry).toMatchObject({
      user_id: me.id,
      user: me.username,
      from_company: 'Acme Networks',
      to_company: 'Acme Baltics',
      count: 3,
    });
    const baltics = await moves(await signedIn(server, 'baltics.admin@example.com'));
    expect(
      baltics.map((m) => m.id),
      'baltics',
    ).toEqual([entry.id]);
    expect(await moves(await signedIn(server, 'globex.admin@example.com'))).toEqual([]);
    // Filtered by the pool the move made in the target company.
    const pool = rows(await superAdmin.get('/api/credits?company_id=2&sort=-id&limit=1'))[0];
    expect((await moves(superAdmin, `&pool_id=${String(pool.id)}`)).map((m) => m.id)).toEqual([entry.id]);
    expect(await moves(superAdmin, `&pool_id=${Number(pool.id) + 1000}`)).toEqual([]);
    // A refused move leaves no history.
    expect((await superAdmin.post('/api/credits/move', { ...move, amount: 10 ** 9 })).status).toBe(422);
    expect(await moves(superAdmin)).toHaveLength(1);
  });

  it('refuses a sort outside its allow list, naming sort', async () => {
    const refused = await superAdmin.get('/api/credits/move/history?sort=user');
    expect(refused.status).toBe(422);
    expect((refused.body.errors as { source: string }[])[0].source).toBe('sort');
  });
});
