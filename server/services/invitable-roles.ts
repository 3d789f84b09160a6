import type { Kysely } from 'kysely';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/types';
import roles from '../../fixtures/roles.json';

// Which roles a caller may invite with (shell spec §6): per default role,
// an unknown (custom) role falls back to admin; plus the custom roles of the
// company the invitation is for.

export function invitableDefaultRoles(actor: Actor): string[] {
  const own = roles.find((r) => r.name === actor.role.name && actor.role.company_id === null);
  return (own ?? roles.find((r) => r.name === 'admin')!).invites;
}

export async function resolveInviteRole(db: Kysely<Database>, actor: Actor, companyId: number, name: string) {
  const defaults = invitableDefaultRoles(actor);
  const role = await db
    .selectFrom('roles')
    .select(['id', 'name', 'company_id'])
    .where('name', '=', name)
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .orderBy('company_id', 'desc')
    .executeTakeFirst();
  if (!role) return null;
  if (role.company_id === null && !defaults.includes(role.name)) return null;
  return role;
}
