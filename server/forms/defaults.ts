import type { FastifyRequest } from 'fastify';
import { actorOf } from '../auth/guards';
import { apiTimestamp } from '../openapi/conform';

// The vendor's values of fields its OpenAPI leaves optional where the
// console's form asks for them (guard's formDefaults): the caller's own
// company, and a name made of the item and the moment it was made
// ("Automation 2026-12-04 18:10:05"), which the operator may rename.

export function bodyDefaults(now: () => Date, fields: { company?: boolean; name?: string }) {
  return (request: FastifyRequest): Record<string, unknown> => ({
    ...(fields.company ? { company_id: actorOf(request).company.id } : {}),
    ...(fields.name ? { name: `${fields.name} ${apiTimestamp(now().toISOString())}` } : {}),
  });
}
