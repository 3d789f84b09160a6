import { sql, type Kysely } from 'kysely';
import type { Company, Database, User } from '../db/types';

// The caller of a request: the session user, its role and permissions and
// the companies it may act on (tenancy by company tree).

export const SCOPE_SUBTREE = 1;
export const SCOPE_ALL = 2;

export interface Actor {
  user: User;
  company: Company;
  role: { id: number; name: string; title: string; scope: number; company_id: number | null };
  permissions: Set<string>;
  /** Companies the caller may act on; null means every company (super admin). */
  companyIds: number[] | null;
  sessionId: string;
  /** The real user behind an impersonating session. */
  impersonatorId: number | null;
  impersonationUntil: string | null;
  passwordConfirmedAt: string | null;
  exp: number;
}

/** The company and all its descendants. */
export async function companySubtree(db: Kysely<Database>, companyId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    with recursive tree(id) as (
      select id from companies where id = ${companyId}
      union all
      select c.id from companies c join tree t on c.parent_id = t.id
    ) select id from tree`.execute(db);
  return rows.rows.map((r) => r.id);
}

export async function rolePermissions(db: Kysely<Database>, roleId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .where('rp.role_id', '=', roleId)
    .select('p.name')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.name);
}

export async function scopeCompanies(db: Kysely<Database>, companyId: number, scope: number) {
  if (scope === SCOPE_ALL) return null;
  if (scope === SCOPE_SUBTREE) return companySubtree(db, companyId);
  return [companyId];
}

export async function loadActor(
  db: Kysely<Database>,
  userId: number,
  session: {
    id: string;
    impersonator_id: number | null;
    impersonation_until: string | null;
    password_confirmed_at: string | null;
  },
  exp: number,
): Promise<Actor | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const [company, role] = await Promise.all([
    db.selectFrom('companies').selectAll().where('id', '=', user.company_id).executeTakeFirstOrThrow(),
    db
      .selectFrom('roles')
      .select(['id', 'name', 'title', 'scope', 'company_id'])
      .where('id', '=', user.role_id)
      .executeTakeFirstOrThrow(),
  ]);
  const [permissions, companyIds] = await Promise.all([
    rolePermissions(db, role.id),
    scopeCompanies(db, company.id, role.scope),
  ]);
  return {
    user,
    company,
    role,
    permissions: new Set(permissions),
    companyIds,
    sessionId: session.id,
    impersonatorId: session.impersonator_id,
    impersonationUntil: session.impersonation_until,
    passwordConfirmedAt: session.password_confirmed_at,
    exp,
  };
}
