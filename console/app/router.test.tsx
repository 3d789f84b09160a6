// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../engine/http/client';
import { matchRoutes } from 'react-router-dom';
import { appRoutes, createAppRouter } from './router';
import { standalonePage } from '../../engine/routes/standalone';

afterEach(() => vi.restoreAllMocks());

describe('app router', () => {
  it('cancels pending requests with the reason Route changed when the path changes', async () => {
    const cancel = vi.spyOn(http, 'cancelPending').mockImplementation(() => undefined);
    const router = createAppRouter();
    await router.navigate('/404');
    expect(cancel).toHaveBeenCalledWith('Route changed');
    cancel.mockClear();
    await router.navigate('/404?x=1');
    expect(cancel).not.toHaveBeenCalled();
    await router.navigate('/account/login');
    expect(cancel).toHaveBeenCalledTimes(1);
    router.dispose();
  });

  it('opens the standalone page chosen at start-up for any path containing its segment (shell spec §2)', () => {
    const routeName = (path: string) => {
      const matches = matchRoutes(appRoutes(standalonePage(path)), path) ?? [];
      return (matches.at(-1)?.route.handle as { route?: { name: string } } | undefined)?.route?.name;
    };
    expect(routeName('/x/rms-connect/desktop')).toBe('rms-connect.desktop');
    expect(routeName('/rms-connect/desktop/extra')).toBe('rms-connect.desktop');
    expect(routeName('/rms-connect/ssh/5')).toBe('rms-connect.ssh');
    expect(routeName('/a/rms-connect/telnet/b')).toBe('rms-connect.telnet');
    expect(routeName('/rms-connect/sftp/files')).toBe('rms-connect.sftp');
    expect(routeName('/rms-connect/sftp')).toBe('rms-connect.sftp');
    expect(routeName('/management/devices')).toBe('management.devices');
  });
});
