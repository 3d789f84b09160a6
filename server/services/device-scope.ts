import type { Kysely } from 'kysely';
import type { Actor } from '../auth/actor';
import { assertTenancy } from '../auth/guards';
import type { Database } from '../db/types';
import { routeId } from './ids';

// The device a route names (:id, or :device_id), when it is one of the
// caller's companies' devices; else the 404 of any record out of reach.

export async function deviceInScope(db: Kysely<Database>, actor: Actor, params: unknown) {
  const p = params as { id?: string; device_id?: string };
  const id = routeId({ id: p.device_id ?? p.id });
  const device = await db
    .selectFrom('devices')
    .select(['id', 'company_id', 'name', 'serial', 'mac', 'model', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  assertTenancy(actor, device?.company_id, 'Device');
  return device!;
}
