import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OFFLINE_PAGE, startupStep } from './startup-step';

describe('the first step of start-up (shell spec §2)', () => {
  it('sends an offline browser to /offline.html, whatever the path', () => {
    expect(OFFLINE_PAGE).toBe('/offline.html');
    expect(existsSync(`public${OFFLINE_PAGE}`)).toBe(true);
    for (const [pathname, search] of [
      ['/management/devices', ''],
      ['/404', ''],
      ['/account/login', ''],
      ['/rms-connect/ssh', '?key=1'],
    ]) {
      expect(startupStep(false, pathname, search), pathname).toBe('offline');
    }
  });

  it('renders the pages that need no session without one: /404, sign-in, ssh and desktop with a key', () => {
    expect(startupStep(true, '/404', '')).toBe('without-session');
    expect(startupStep(true, '/account/login', '?continue_url=%2Ftags')).toBe('without-session');
    expect(startupStep(true, '/rms-connect/ssh', '?key=1')).toBe('without-session');
    expect(startupStep(true, '/x/rms-connect/desktop', '?key=1')).toBe('without-session');
  });

  it('loads the session user for any other path', () => {
    expect(startupStep(true, '/management/devices', '')).toBe('session');
    expect(startupStep(true, '/rms-connect/ssh', '')).toBe('session');
    expect(startupStep(true, '/rms-connect/sftp', '?key=1')).toBe('session');
  });
});
