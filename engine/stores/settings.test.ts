import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteSetting, getSetting, loadSettings, setSetting, settingsState } from './settings';

const calls: { method: string; url: string; body?: unknown }[] = [];

function stubFetch(respond: (method: string, url: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = String(init.method);
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return respond(method, url);
    }),
  );
}

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
  settingsState.values = {};
});

describe('settings store', () => {
  it('loads with limit 100 and reads from the local copy', async () => {
    stubFetch(() => ok({ success: true, data: [{ key: 'table.devices', value: { size: 25 } }] }));
    await loadSettings();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/storage?limit=100' });
    expect(getSetting('table.devices')).toEqual({ size: 25 });
    expect(calls).toHaveLength(1);
  });

  it('ignores a failed load silently', async () => {
    stubFetch(() => new Response('{}', { status: 500 }));
    await expect(loadSettings()).resolves.toBeUndefined();
    expect(settingsState.loaded).toBe(true);
  });

  it('creates new keys, updates existing keys and deletes locally first', async () => {
    stubFetch(() => ok({ success: true }));
    await setSetting('reminder', false);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/storage', body: { key: 'reminder', value: false } });
    await setSetting('reminder', true);
    expect(calls[1]).toMatchObject({ method: 'PUT', url: '/api/storage/reminder', body: { value: true } });
    const pending = deleteSetting('reminder');
    expect(getSetting('reminder')).toBeUndefined();
    await pending;
    expect(calls[2]).toMatchObject({ method: 'DELETE', url: '/api/storage/reminder' });
  });

  it('rolls back a failed create', async () => {
    stubFetch(() => new Response('{}', { status: 422 }));
    await expect(setSetting('x', 1)).rejects.toThrow('Request failed with status code 422');
    expect(getSetting('x')).toBeUndefined();
  });
});
