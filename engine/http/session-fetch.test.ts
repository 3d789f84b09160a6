import { describe, expect, it } from 'vitest';
import { createHttpClient } from './client';
import { sessionFetch } from './session-fetch';

/** A network that answers each URL from a queue of statuses and records every call. */
function network(answers: Record<string, number[]>) {
  const calls: string[] = [];
  const fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push(`${init.method ?? 'GET'} ${url}`);
    const status = answers[url]?.shift() ?? 200;
    return Promise.resolve(new Response(status === 304 ? null : '{}', { status }));
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function clientOver(fetch: typeof globalThis.fetch, hasSession = true) {
  return createHttpClient({ adapter: 'fetch', fetch, baseURL: '/api', hasSession: () => hasSession });
}

describe('sessionFetch', () => {
  it('refreshes the token on a 401 and sends the call once more', async () => {
    const { fetch, calls } = network({ '/api/documents/pages/tags.main': [401, 200] });
    const response = await sessionFetch('/api/documents/pages/tags.main', {}, clientOver(fetch));
    expect(response.status).toBe(200);
    expect(calls).toEqual([
      'GET /api/documents/pages/tags.main',
      'POST /api/account/token/refresh',
      'GET /api/documents/pages/tags.main',
    ]);
  });

  it('hands back the 401 when the refresh fails (after the revoke)', async () => {
    const { fetch, calls } = network({ '/api/documents/a': [401], '/api/account/token/refresh': [401] });
    const response = await sessionFetch('/api/documents/a', {}, clientOver(fetch));
    expect(response.status).toBe(401);
    expect(calls).toEqual([
      'GET /api/documents/a',
      'POST /api/account/token/refresh',
      'POST /api/account/token/revoke',
    ]);
  });

  it('without a session a 401 is final; other answers (304) pass untouched', async () => {
    const { fetch, calls } = network({ '/api/documents/a': [401], '/api/documents/b': [304] });
    expect((await sessionFetch('/api/documents/a', {}, clientOver(fetch, false))).status).toBe(401);
    expect((await sessionFetch('/api/documents/b', {}, clientOver(fetch))).status).toBe(304);
    expect(calls).toEqual(['GET /api/documents/a', 'GET /api/documents/b']);
  });
});
