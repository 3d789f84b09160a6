import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadUser, resetSessionFailures } from './load-user';
import { session } from './user';

function stub(respond: (url: string) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => respond(url)),
  );
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => resetSessionFailures());
afterEach(() => vi.unstubAllGlobals());

describe('loadUser', () => {
  it('loads the session user', async () => {
    stub(() => json(200, { success: true, data: { id: 2, email: 'a@b', permissions: ['view_devices'] } }));
    const result = await loadUser();
    expect(result.kind).toBe('user');
    expect(session.user?.permissions).toEqual(['view_devices']);
    expect(session.status).toBe('authenticated');
  });

  it('maps start-up error codes to their notices', async () => {
    for (const code of ['EMAIL_NOT_VERIFIED', 'NOT_INVITED_EXTERNAL_USER', 'MFA_MANDATORY']) {
      stub(() => json(403, { success: false, errors: [{ code, message: 'm' }] }));
      expect(await loadUser()).toEqual({ kind: 'notice', code, message: 'm' });
    }
  });

  it('is unauthenticated after refresh and revoke fail', async () => {
    stub((url) => (url.includes('revoke') ? json(200, { success: true }) : json(401, { success: false, errors: [] })));
    expect(await loadUser()).toEqual({ kind: 'unauthenticated' });
    expect(session.user).toBeNull();
  });

  it('shows the maintenance page on any other server error: a 5xx, a 4xx with another code, a 404', async () => {
    for (const [status, body] of [
      [500, {}],
      [503, { success: false, errors: [] }],
      [403, { success: false, errors: [{ code: 'SOMETHING_ELSE', message: 'm' }] }],
      [404, { success: false, errors: [] }],
      [422, {}],
    ] as const) {
      resetSessionFailures();
      stub(() => json(status, body));
      expect(await loadUser(), String(status)).toEqual({ kind: 'maintenance' });
    }
  });

  it('reports a 408 answer as User request timeout', async () => {
    stub(() => json(408, {}));
    expect(await loadUser()).toEqual({ kind: 'failed', message: 'User request timeout', status: 408 });
  });

  it('reports network failures in the spec words and turns to maintenance on the third', async () => {
    stub(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadUser(false)).toMatchObject({ kind: 'failed', message: expect.stringContaining('cables, modem') });
    expect(await loadUser(true)).toMatchObject({ kind: 'failed', message: 'Failed to get user data' });
    expect(await loadUser(true)).toEqual({ kind: 'maintenance' });
  });

  it('rethrows errors with a stack that are not HTTP errors', async () => {
    stub(() => new Response('null', { status: 200 }));
    await expect(loadUser()).rejects.toBeInstanceOf(TypeError);
  });
});

describe('failed revokes within the session (shell spec §8)', () => {
  afterEach(() => vi.resetModules());

  it('three failed revoke attempts show the maintenance screen, across the login page navigation', async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    });
    const { emitHttpEvent } = await import('../http/events');
    const first = await import('./load-user');
    first.resetSessionFailures();
    emitHttpEvent('revoke-failed', new Error('500'));
    emitHttpEvent('revoke-failed', new Error('500'));
    expect(first.afterSessionEnd()).toBe('login');
    // The failed revoke sent the browser to the login page: a new page load with a fresh module.
    vi.resetModules();
    const { emitHttpEvent: emitAgain } = await import('../http/events');
    const second = await import('./load-user');
    expect(second.sessionFailures()).toBe(2);
    emitAgain('revoke-failed', new Error('500'));
    expect(second.afterSessionEnd()).toBe('maintenance');
    stub(() => json(401, { success: false, errors: [] }));
    expect(await second.loadUser()).toEqual({ kind: 'maintenance' });
  });
});

describe('the user call timeout (shell spec §7, §8, §9)', () => {
  afterEach(() => vi.useRealTimers());

  it('gives GET /user 30 s, then reports User request timeout with status 408', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init?.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(signal!.reason));
          }),
      ),
    );
    let settled: unknown;
    void loadUser(true).then((result) => (settled = result));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBeUndefined();
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    await vi.waitFor(() => expect(settled).toEqual({ kind: 'failed', message: 'User request timeout', status: 408 }));
  });
});
