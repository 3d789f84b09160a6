import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { hashPassword, type ScryptCost } from '../auth/password';
import { insertDevices } from './devices';
import { syncGeneratedIds } from '../db/dialect';
import { seedExtras } from './extras';
import { seedDataCollect } from './data-collect';
import { seedDeviceData } from './device-data';
import companies from '../../fixtures/companies.json';
import permissions from '../../fixtures/permissions.json';
import roles from '../../fixtures/roles.json';
import { SEED_TIME, seedRoles } from './roles';
import accounts from '../../fixtures/accounts.json';
import creditTypes from '../../fixtures/credit-types.json';
import mfa from '../../fixtures/mfa-totp.json';
import { DEFAULT_DEVICE_COUNT } from '../../fixtures/devices';

// Seeds an empty database from fixtures/: the company tree, permissions,
// roles, accounts, credit types, then the fleet and everything else.

export async function seedDatabase(
  db: Kysely<Database>,
  options: { devices?: number; passwordCost?: ScryptCost } = {},
): Promise<void> {
  const stamp = { created_at: SEED_TIME, updated_at: SEED_TIME };
  for (const c of companies)
    await db
      .insertInto('companies')
      .values({ ...c, ...stamp })
      .execute();
  await db
    .insertInto('permissions')
    .values(permissions.map((p) => ({ name: p.name, title: p.title, category: p.category, created_at: SEED_TIME })))
    .execute();
  await seedRoles(db, roles);
  const roleIds = new Map(roles.map((r) => [r.name, r.id]));
  const hash = await hashPassword(accounts.password, options.passwordCost);
  for (const u of accounts.users) {
    const extra = u as {
      impersonation_access_limit?: string;
      mfa_type?: string;
      mfa_mandatory?: boolean;
      external?: boolean;
    };
    await db
      .insertInto('users')
      .values({
        id: u.id,
        email: u.email,
        username: u.username,
        first_name: u.first_name,
        last_name: u.last_name,
        password_hash: hash,
        company_id: u.company_id,
        role_id: roleIds.get(u.role)!,
        email_verified: u.email_verified ? 1 : 0,
        tos_accepted: u.tos_accepted ? 1 : 0,
        mfa_type: extra.mfa_type ?? null,
        mfa_secret: u.email === mfa.email ? mfa.secret : null,
        mfa_mandatory: extra.mfa_mandatory ? 1 : 0,
        external: extra.external ? 1 : 0,
        impersonation_access_limit: extra.impersonation_access_limit ?? null,
        country_iso_code: u.country_iso_code,
        ...stamp,
      })
      .execute();
  }
  await db.insertInto('credit_types').values(creditTypes).execute();
  await syncGeneratedIds(db);
  await insertDevices(db, options.devices ?? DEFAULT_DEVICE_COUNT);
  await seedExtras(db);
  await seedDataCollect(db);
  await seedDeviceData(db);
}
