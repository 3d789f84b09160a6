import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Actor } from './actor';
import { can } from '../../engine/permissions/can';
import { ApiError, forbidden, notFound, unauthorized } from '../http/envelope';
import { isId } from '../services/ids';

// requirePermission and the tenancy checks every resource uses.

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The signed-in caller, or 401. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** The engine's permission function (roles, synthetic permissions such as move_devices, level rules). */
export function hasPermission(actor: Actor, names: string | string[], mode: 'every' | 'some' = 'every'): boolean {
  return can(actor, names, mode);
}

/** Fastify preHandler: 401 without a session, 403 without the permission(s). */
export function requirePermission(names: string | string[], mode: 'every' | 'some' = 'every') {
  return async (request: FastifyRequest) => {
    const actor = actorOf(request);
    if (!hasPermission(actor, names, mode)) throw forbidden();
  };
}

/** Fastify preHandler: only a signed-in caller. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  actorOf(request);
}

export function canActOn(actor: Actor, companyId: number | null | undefined): boolean {
  if (companyId == null) return false;
  return actor.companyIds === null || actor.companyIds.includes(companyId);
}

/** 404 for records outside the caller's tenancy: never reveal that they exist. */
export function assertTenancy(actor: Actor, companyId: number | null | undefined, what = 'Resource'): void {
  if (!canActOn(actor, companyId)) throw notFound(`${what} not found.`);
}

/**
 * For a company id given in a payload: a 422 on the field rather than a 404
 * of the call, when the id is outside the caller's companies or (for a super
 * admin, who may act on every company) names no company at all.
 */
export async function assertCompanyField(
  db: Kysely<Database>,
  actor: Actor,
  companyId: unknown,
  source = 'company_id',
): Promise<number> {
  const id = Number(companyId);
  const known =
    isId(id) &&
    canActOn(actor, id) &&
    (actor.companyIds !== null ||
      Boolean(await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst()));
  if (!known) throw ApiError.of(422, 'VALIDATION_ERROR', 'The selected company is invalid.', source);
  return id;
}
