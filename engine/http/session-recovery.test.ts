import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './client';

afterEach(() => vi.useRealTimers());

describe('the token refresh (shell spec §7, §9)', () => {
  it('gives POST /account/token/refresh 30 s, then fails with the client timeout message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const sent: string[] = [];
    // A server that never answers, honouring the abort the timeout sends.
    const fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
      sent.push(`${init.method} ${String(input)}`);
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    }) as typeof globalThis.fetch;
    const client = createHttpClient({ adapter: 'fetch', fetch, baseURL: '/api', hasSession: () => true });
    let outcome: unknown;
    client.recovery.refresh().then(
      () => (outcome = 'refreshed'),
      (error: Error) => (outcome = error.message),
    );
    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(outcome).toBe('timeout of 30000 ms exceeded'));
    expect(sent).toEqual(['POST /api/account/token/refresh']);
  });
});
