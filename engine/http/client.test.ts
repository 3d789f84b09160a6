import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, HttpError, isCancel, type HttpSettings } from './client';
import { onHttpEvent } from './events';
import { serializeParams } from './params';
import { transfers } from './transfers';

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The network under axios's fetch adapter: answers by handler, records every
 * call and honours the abort signal the adapter passes.
 */
function fakeFetch(handler: (url: string, init: RequestInit, index: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init, headers: new Headers(init.headers as Record<string, string>) });
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      Promise.resolve(handler(url, init, calls.length - 1)).then(resolve, reject);
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function client(fetch: typeof globalThis.fetch, extra: Partial<HttpSettings> = {}) {
  return createHttpClient({
    adapter: 'fetch',
    fetch,
    baseURL: '/api',
    origin: () => 'https://console.example',
    hasSession: () => true,
    cookies: () => 'other=1; XSRF-TOKEN=abc%3D123',
    storedValue: (key) => (key === 'app_version' ? '5.4.1' : null),
    pathname: () => '/management/devices',
    search: () => '',
    ...extra,
  });
}

const never = () => new Promise<Response>(() => {});

describe('serializeParams', () => {
  it('comma-joins arrays and skips null and empty values', () => {
    expect(serializeParams({ id: [1, 2, 3], q: '', a: null, b: undefined, c: [], d: 0, e: false, f: 'x y' })).toBe(
      'id=1%2C2%2C3&d=0&e=false&f=x+y',
    );
  });
});

describe('http client conventions', () => {
  it('uses the /api base, credentials, XMLHttpRequest, version and XSRF headers', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { success: true, data: [] }));
    const http = client(fetch);
    const res = await http.get<{ success: boolean }>('/devices', { params: { fields: ['id', 'name'], q: 'rut' } });
    expect(res.data.success).toBe(true);
    expect(calls[0].url).toBe('/api/devices?fields=id%2Cname&q=rut');
    const headers = calls[0].headers;
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('X-App-Version')).toBe('5.4.1');
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc=123');
  });

  describe('a write refused for its anti-forgery header', () => {
    const mismatch = () => json(403, { success: false, errors: [{ code: 'XSRF_TOKEN_MISMATCH' }] });
    const cookieFrom = (tokens: string[]) => () => `XSRF-TOKEN=${tokens.shift() ?? 'settled'}`;

    it('is sent once more when an answer that crossed it replaced the cookie', async () => {
      const { fetch, calls } = fakeFetch((_, __, index) => (index === 0 ? mismatch() : json(200, { success: true })));
      const http = client(fetch, { cookies: cookieFrom(['old', 'new', 'new']) });
      await expect(http.post('/account/token/refresh')).resolves.toMatchObject({ data: { success: true } });
      expect(calls.map((call) => call.headers.get('X-XSRF-TOKEN'))).toEqual(['old', 'new']);
    });

    it('is not sent again when the cookie is the one it carried, nor twice', async () => {
      const same = fakeFetch(mismatch);
      await expect(client(same.fetch, { cookies: () => 'XSRF-TOKEN=t' }).post('/tags', {})).rejects.toMatchObject({
        status: 403,
      });
      expect(same.calls).toHaveLength(1);
      const changing = fakeFetch(mismatch);
      await expect(
        client(changing.fetch, { cookies: cookieFrom(['a', 'b', 'c', 'd']) }).post('/tags', {}),
      ).rejects.toMatchObject({ status: 403 });
      expect(changing.calls.map((call) => call.headers.get('X-XSRF-TOKEN'))).toEqual(['a', 'c']);
    });
  });

  it('reads a product-specific XSRF cookie name', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const http = client(fetch, { cookies: () => 'RMS-XSRF=zz; XSRF-TOKEN=no', xsrfCookieName: 'RMS-XSRF' });
    await http.post('/tags', { name: 'a' });
    expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('zz');
    expect(calls[0].init.body).toBe('{"name":"a"}');
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('sends FormData as multipart without a JSON content type', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const form = new FormData();
    form.append('system', 'rutos');
    await client(fetch).post('/devices/configurator/specifications', form);
    expect(calls[0].init.body).toBe(form);
    expect(calls[0].headers.has('Content-Type')).toBe(false);
  });

  it('rejects with the spec messages', async () => {
    const failing = client(fakeFetch(() => json(422, { success: false, errors: [{ code: 'X' }] })).fetch);
    const error = (await failing.get('/x').catch((e: HttpError) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Request failed with status code 422');
    expect(error.status).toBe(422);
    expect(error.data).toEqual({ success: false, errors: [{ code: 'X' }] });

    const offline = client(fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))).fetch);
    await expect(offline.get('/x')).rejects.toThrow('Network Error');

    const slow = client(fakeFetch(never).fetch);
    await expect(slow.get('/user', { timeout: 20 })).rejects.toMatchObject({
      message: 'timeout of 20 ms exceeded',
      code: 'ETIMEDOUT',
    });

    const controller = new AbortController();
    const aborted = slow.get('/y', { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ message: 'canceled', code: 'ERR_CANCELED' });
  });

  it('tells the error widget of each failed call, not of a cancelled one', async () => {
    const failed: string[] = [];
    const off = onHttpEvent('request-failed', (error) => failed.push(`${error.config.url} ${error.message}`));
    const failing = client(fakeFetch(() => json(500, { success: false, errors: [] })).fetch);
    await failing.get('/broken').catch(() => undefined);
    const slow = client(fakeFetch(never).fetch);
    const controller = new AbortController();
    const cancelled = slow.get('/slow', { signal: controller.signal }).catch(() => undefined);
    controller.abort();
    await cancelled;
    off();
    expect(failed).toEqual(['/broken Request failed with status code 500']);
  });

  it('has no default timeout', async () => {
    vi.useFakeTimers();
    try {
      const { fetch } = fakeFetch(
        () => new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, { ok: 1 })), 120_000)),
      );
      const promise = client(fetch).get('/slow');
      await vi.advanceTimersByTimeAsync(120_000);
      await expect(promise).resolves.toMatchObject({ data: { ok: 1 } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('returns blobs for blob responses', async () => {
    const { fetch } = fakeFetch(() => new Response('file-bytes', { status: 200 }));
    const res = await client(fetch).get<Blob>('/files/1/download', { responseType: 'blob' });
    expect(res.data).toBeInstanceOf(Blob);
    expect(await res.data.text()).toBe('file-bytes');
  });

  it('a repeated GET to the same URL cancels the earlier ones and every caller gets the newest answer', async () => {
    const { fetch, calls } = fakeFetch((_url, _init, index) => (index < 2 ? never() : json(200, { data: 'third' })));
    const http = client(fetch);
    const callers = [];
    for (let n = 1; n <= 3; n += 1) {
      callers.push(http.get('/devices', { params: { q: 'a' } }));
      await vi.waitFor(() => expect(calls).toHaveLength(n));
    }
    for (const caller of callers) await expect(caller).resolves.toMatchObject({ data: { data: 'third' } });
    expect(calls.map((call) => call.init.signal?.aborted)).toEqual([true, true, false]);
  });

  it('earlier callers of the same URL follow the newest one through its 401 recovery', async () => {
    let refreshed = false;
    const { fetch, calls } = fakeFetch((url, _init, index) => {
      if (url.endsWith('/refresh')) {
        refreshed = true;
        return json(200, {});
      }
      if (index === 0) return never();
      return refreshed ? json(200, { data: 'fresh' }) : json(401, { success: false, errors: [] });
    });
    const http = client(fetch);
    const first = http.get('/devices');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const second = http.get('/devices');
    await expect(second).resolves.toMatchObject({ data: { data: 'fresh' } });
    await expect(first).resolves.toMatchObject({ data: { data: 'fresh' } });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/devices',
      '/api/devices',
      '/api/account/token/refresh',
      '/api/devices',
    ]);
  });

  it('sends the XSRF header to the page origin only', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const http = client(fetch);
    await http.post('https://console.example/api/tags', {});
    await http.post('https://review.example/api/tags', {});
    await http.post('/tags', {}, { baseURL: '//evil.example/api' });
    expect(calls.map((call) => call.headers.get('X-XSRF-TOKEN'))).toEqual(['abc=123', null, null]);
  });

  it('does not replace blob GETs or flagged requests', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const http = client(fetch);
    await Promise.all([http.get('/f', { responseType: 'blob' }), http.get('/f', { responseType: 'blob' })]);
    await Promise.all([http.get('/g', { skipCancel: true }), http.get('/g', { skipCancel: true })]);
    expect(calls.every((call) => !call.init.signal?.aborted)).toBe(true);
  });

  it('cancels pending requests on route change with the reason Route changed, except flagged ones', async () => {
    let resolveKept: (r: Response) => void = () => {};
    const { fetch } = fakeFetch((url) =>
      url.includes('storage') ? new Promise<Response>((r) => (resolveKept = r)) : never(),
    );
    const http = client(fetch);
    const page = http.get('/devices');
    const write = http.post('/tags', {});
    const kept = http.get('/storage', { skipCancel: true });
    http.cancelPending();
    const error = await page.catch((e) => e);
    expect(isCancel(error)).toBe(true);
    expect(error.message).toBe('Route changed');
    await expect(write).rejects.toThrow('Route changed');
    resolveKept(json(200, { data: [] }));
    await expect(kept).resolves.toMatchObject({ status: 200 });
  });

  it('caches GETs: cached answers, 1 s throttle on forced refreshes', async () => {
    const { fetch, calls } = fakeFetch((_u, _i, index) => json(200, { n: index }));
    let clock = 0;
    const http = client(fetch, { now: () => clock });
    const menu = { ttl: 10_000, max: 10 };
    const a = await http.get('/credits/summary', { cache: menu });
    const b = await http.get('/credits/summary', { cache: menu });
    expect(b.data).toEqual(a.data);
    expect(calls).toHaveLength(1);
    await http.get('/credits/summary', { cache: menu, forceUpdate: true });
    expect(calls).toHaveLength(1);
    clock = 1500;
    const forced = await http.get('/credits/summary', { cache: menu, forceUpdate: true });
    expect(calls).toHaveLength(2);
    expect(forced.data).toEqual({ n: 1 });
  });

  it('does not cache failures', async () => {
    let clock = 0;
    const { fetch, calls } = fakeFetch((_u, _i, index) => (index === 0 ? json(500, {}) : json(200, { ok: true })));
    const http = client(fetch, { now: () => clock });
    await expect(http.get('/companies/1', { cache: true })).rejects.toThrow('Request failed with status code 500');
    clock = 10;
    await expect(http.get('/companies/1', { cache: true })).resolves.toMatchObject({ data: { ok: true } });
    expect(calls).toHaveLength(2);
  });

  it('calls the global handler for globally handled error codes', async () => {
    const { fetch } = fakeFetch(() =>
      json(403, { success: false, errors: [{ code: 'ACCOUNT_LOCKED', message: 'm' }] }),
    );
    const http = client(fetch, { globallyHandledCodes: new Set(['ACCOUNT_LOCKED']) });
    const seen: unknown[] = [];
    const off = onHttpEvent('global-error', (e) => seen.push(e));
    await expect(http.get('/x')).rejects.toThrow('Request failed with status code 403');
    off();
    expect(seen).toEqual([{ code: 'ACCOUNT_LOCKED', message: 'm', source: null }]);
  });
});

describe('401 handling', () => {
  it('several concurrent 401s cause exactly one refresh, then each request is retried once', async () => {
    let refreshed = false;
    const { fetch, calls } = fakeFetch(async (url) => {
      if (url.endsWith('/account/token/refresh')) {
        await new Promise((r) => setTimeout(r, 20));
        refreshed = true;
        return json(200, { success: true });
      }
      return refreshed ? json(200, { success: true, data: url }) : json(401, { success: false, errors: [] });
    });
    const http = client(fetch);
    const events: string[] = [];
    const off = onHttpEvent('token-refreshed', () => events.push('refreshed'));
    const results = await Promise.all(['/devices', '/companies', '/tags', '/users', '/files'].map((u) => http.get(u)));
    off();
    expect(results.map((r) => (r.data as { data: string }).data)).toEqual([
      '/api/devices',
      '/api/companies',
      '/api/tags',
      '/api/users',
      '/api/files',
    ]);
    expect(calls.filter((c) => c.url.endsWith('/account/token/refresh'))).toHaveLength(1);
    expect(calls.find((c) => c.url.endsWith('/refresh'))!.init.method).toBe('POST');
    expect(events).toEqual(['refreshed']);
  });

  it('a 401 that arrives after a finished refresh retries without a second refresh', async () => {
    let refreshed = false;
    let releaseLate: () => void = () => {};
    const { fetch, calls } = fakeFetch(async (url) => {
      if (url.endsWith('/refresh')) {
        refreshed = true;
        return json(200, {});
      }
      if (url.endsWith('/late') && !refreshed) {
        await new Promise<void>((r) => (releaseLate = r));
        return json(401, {});
      }
      return refreshed ? json(200, {}) : json(401, {});
    });
    const http = client(fetch, {
      now: (() => {
        let t = 0;
        return () => ++t;
      })(),
    });
    const late = http.get('/late');
    await http.get('/early');
    releaseLate();
    await expect(late).resolves.toMatchObject({ status: 200 });
    expect(calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(1);
  });

  it('a failed refresh revokes (retried once), logs out locally and never loops', async () => {
    const { fetch, calls } = fakeFetch((url) => {
      if (url.endsWith('/refresh')) return json(401, {});
      if (url.endsWith('/revoke'))
        return calls.filter((c) => c.url.endsWith('/revoke')).length === 1
          ? json(500, {})
          : json(200, { data: { location: '/account/login' } });
      return json(401, {});
    });
    const http = client(fetch, { search: () => '?client_id=abc&redirect_uri=https%3A%2F%2Fx&other=1' });
    const out: unknown[] = [];
    const failures: unknown[] = [];
    const offA = onHttpEvent('logged-out', (e) => out.push(e));
    const offB = onHttpEvent('revoke-failed', (e) => failures.push(e));
    const outcomes = await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);
    offA();
    offB();
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(1);
    const revokes = calls.filter((c) => c.url.endsWith('/revoke'));
    expect(revokes).toHaveLength(2);
    expect(JSON.parse(String(revokes[0].init.body))).toEqual({ client_id: 'abc', redirect_uri: 'https://x' });
    expect(failures).toHaveLength(1);
    expect(out).toEqual([{ location: '/account/login' }]);
    expect(calls.filter((c) => !c.url.includes('/account/'))).toHaveLength(3);
  });

  it('a retried request answering 401 again is rejected without another refresh', async () => {
    const { fetch, calls } = fakeFetch((url) => (url.endsWith('/refresh') ? json(200, {}) : json(401, {})));
    const http = client(fetch);
    await expect(http.get('/devices')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/devices', '/api/account/token/refresh', '/api/devices']);
  });

  it('a 401 while a refreshed request is out waits for it: answered 401 again, the session is gone and no call refreshes', async () => {
    let releaseRetry: () => void = () => {};
    let refreshes = 0;
    const { fetch, calls } = fakeFetch(async (url) => {
      if (url.endsWith('/refresh')) {
        refreshes += 1;
        return json(200, {});
      }
      // The first call's retry is answered late; every call is refused, before and after the refresh.
      if (url.endsWith('/first') && refreshes === 1 && calls.filter((c) => c.url.endsWith('/first')).length === 2)
        await new Promise<void>((r) => (releaseRetry = r));
      return json(401, {});
    });
    const http = client(fetch, {
      now: (() => {
        let t = 0;
        return () => ++t;
      })(),
    });
    const first = http.get('/first');
    await vi.waitFor(() => expect(calls.filter((c) => c.url.endsWith('/first'))).toHaveLength(2));
    // Sent after the refresh, refused while the first call's retry is still out.
    const second = http.get('/second');
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/second'))).toBe(true));
    releaseRetry();
    await expect(first).rejects.toMatchObject({ status: 401 });
    await expect(second).rejects.toMatchObject({ status: 401 });
    await expect(http.get('/third')).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(1);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/first',
      '/api/account/token/refresh',
      '/api/first',
      '/api/second',
      '/api/third',
    ]);
  });

  it('refreshes for a blob download but leaves its retry to the caller', async () => {
    let refreshed = false;
    const { fetch, calls } = fakeFetch((url) => {
      if (url.endsWith('/refresh')) {
        refreshed = true;
        return json(200, {});
      }
      return refreshed ? new Response('bytes') : json(401, {});
    });
    const http = client(fetch);
    await expect(http.get('/files/1/download', { responseType: 'blob' })).rejects.toMatchObject({ status: 401 });
    await expect(http.get('/files/1/download', { responseType: 'blob' })).resolves.toMatchObject({ status: 200 });
    expect(calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(1);
  });

  it('rejects 401 on /account URLs and on /user on the SSH and telnet pages without refresh', async () => {
    const { fetch, calls } = fakeFetch(() => json(401, {}));
    await expect(client(fetch).post('/account/login', {})).rejects.toMatchObject({ status: 401 });
    const onSsh = client(fetch, { pathname: () => '/rms-connect/ssh' });
    await expect(onSsh.get('/user')).rejects.toMatchObject({ status: 401 });
    expect(calls.some((c) => c.url.includes('refresh'))).toBe(false);
  });
});

describe('401 handling: writes and sessions', () => {
  it('refreshes for a write but leaves resending it to the caller (only GETs are reloaded)', async () => {
    let refreshed = false;
    const { fetch, calls } = fakeFetch((url) => {
      if (url.endsWith('/refresh')) {
        refreshed = true;
        return json(200, {});
      }
      return refreshed ? json(200, {}) : json(401, { success: false, errors: [] });
    });
    await expect(client(fetch).post('/tags', { name: 'a' })).rejects.toMatchObject({ status: 401 });
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'POST /api/tags',
      'POST /api/account/token/refresh',
    ]);
  });

  it('without a session a 401 is final: no refresh, no revoke, no logout', async () => {
    const { fetch, calls } = fakeFetch(() => json(401, { success: false, errors: [{ code: 'UNAUTHORIZED' }] }));
    const out: unknown[] = [];
    const off = onHttpEvent('logged-out', (event) => out.push(event));
    await expect(client(fetch, { hasSession: () => false }).get('/devices')).rejects.toMatchObject({ status: 401 });
    off();
    expect(calls).toHaveLength(1);
    expect(out).toEqual([]);
  });

  it('hands UNAUTHORIZED to the global handler by default', async () => {
    const { fetch } = fakeFetch(() => json(401, { success: false, errors: [{ code: 'UNAUTHORIZED', message: 'm' }] }));
    const seen: unknown[] = [];
    const off = onHttpEvent('global-error', (event) => seen.push(event));
    await expect(client(fetch, { hasSession: () => false }).get('/devices')).rejects.toMatchObject({ status: 401 });
    off();
    expect(seen).toEqual([{ code: 'UNAUTHORIZED', message: 'm', source: null }]);
  });
});

describe('transfers', () => {
  it('records the progress of a file upload and of a blob download while they run', async () => {
    let release: () => void = () => {};
    const { fetch, calls } = fakeFetch(
      () => new Promise<Response>((resolve) => (release = () => resolve(new Response('bytes', { status: 200 })))),
    );
    const http = client(fetch);
    const form = new FormData();
    form.append('file', new File(['x'.repeat(10)], 'RUTX_R_00.07.06.bin'));
    const upload = http.post('/files', form);
    await vi.waitFor(() =>
      expect(transfers.list.map((t) => [t.direction, t.label])).toEqual([['upload', 'RUTX_R_00.07.06.bin']]),
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release();
    await upload;
    const download = http.get('/files/1/download', { responseType: 'blob', transferLabel: 'backup.tar.gz' });
    await vi.waitFor(() =>
      expect(transfers.list.map((t) => [t.direction, t.label])).toEqual([['download', 'backup.tar.gz']]),
    );
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    release();
    await download;
    expect(transfers.list).toEqual([]);
  });
});
