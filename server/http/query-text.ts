import type { FastifyInstance } from 'fastify';
import { ApiError } from './envelope';
import { MALFORMED_URL } from './errors';
import { badText, isAcceptableText } from './text';

// Every query parameter of an /api call is acceptable text (text.ts), checked
// on the raw URL: the framework's parser keeps a value it cannot decode (%FF,
// an encoded lone surrogate) as it is, so a filter would compare with garbage.

/** Strict percent-decoding ('+' is a space): undefined for bytes that are not UTF-8. */
function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/**
 * The first query parameter of `url` that is not acceptable text: the
 * parameter's name for a bad value, null for a bad name; undefined when all are.
 */
export function badQueryParameter(url: string): string | null | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  for (const pair of url.slice(start + 1).split('&')) {
    const eq = pair.indexOf('=');
    const name = decoded(eq < 0 ? pair : pair.slice(0, eq));
    if (name === undefined || !isAcceptableText(name)) return null;
    const value = eq < 0 ? '' : decoded(pair.slice(eq + 1));
    if (value === undefined || !isAcceptableText(value)) return name;
  }
  return undefined;
}

export function registerQueryText(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const bad = badQueryParameter(request.url);
    if (bad === null) throw ApiError.of(400, 'BAD_REQUEST', MALFORMED_URL, 'url');
    if (bad !== undefined) throw badText(bad);
  });
}
