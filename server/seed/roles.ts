import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type roles from '../../fixtures/roles.json';

export const SEED_TIME = '2026-11-01T00:00:00.000Z';
const SCOPES: Record<string, number> = { own: 0, subtree: 1, all: 2 };

export async function seedRoles(
  db: Kysely<Database>,
  list: typeof roles | (typeof roles)[number][],
  companyId: number | null = null,
) {
  const ids = new Map((await db.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]));
  for (const role of list) {
    const { id } = await db
      .insertInto('roles')
      .values({
        ...(companyId === null ? { id: role.id } : {}),
        name: role.name,
        title: role.title,
        description: role.description,
        company_id: companyId,
        scope: SCOPES[role.scope],
        created_at: SEED_TIME,
        updated_at: SEED_TIME,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = [...new Set(role.permissions)].map((name) => ({ role_id: id, permission_id: ids.get(name)! }));
    if (rows.length) await db.insertInto('role_permissions').values(rows).execute();
  }
}
