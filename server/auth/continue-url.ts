import type { FastifyRequest } from 'fastify';
import { continueTarget, sameHostTarget } from '../../engine/session/redirect';

// The server answers the same redirect rule as the console (engine/session/
// redirect.ts): a location is followed only when the URL parser resolves it to
// the request's own origin; anything else falls back.

const requestOrigin = (request: Pick<FastifyRequest, 'protocol' | 'headers'>) =>
  `${request.protocol}://${request.headers.host ?? 'host.invalid'}`;

/** The continue_url after sign-in: same origin and not the login page itself, else `/`. */
export function loginLocation(value: unknown, request: Pick<FastifyRequest, 'protocol' | 'headers'>): string {
  return (typeof value === 'string' && continueTarget(value, { origin: requestOrigin(request) })) || '/';
}

/** A same-origin redirect_uri, else the fallback. */
export function sameOriginLocation(
  value: unknown,
  request: Pick<FastifyRequest, 'protocol' | 'headers'>,
  fallback: string,
): string {
  return (typeof value === 'string' && sameHostTarget(value, { origin: requestOrigin(request) })) || fallback;
}
