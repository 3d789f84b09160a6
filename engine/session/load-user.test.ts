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

  it('shows the maintenance page on a server error', async () => {
    stub(() => json(500, {}));
    expect(await loadUser()).toEqual({ kind: 'maintenance' });
  });

  it('reports network failures in the spec words and turns to maintenance on the third', async () => {
    stub(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadUser(false)).toMatchObject({ kind: 'failed', message: expect.stringContaining('cables, modem') });
    expect(await loadUser(true)).toMatchObject({ kind: 'failed', message: 'Failed to get user data' });
    expect(await loadUser(true)).toEqual({ kind: 'maintenance' });
  });

  it('rethrows errors with a stack that are not HTTP errors', async () => {
    stub(() => new Response('', { status: 200 }));
    await expect(loadUser()).rejects.toBeInstanceOf(TypeError);
  });
});
