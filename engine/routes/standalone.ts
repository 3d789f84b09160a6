import { KEY_OPENED_PAGES } from '../constants';

/** Standalone pages chosen by path at start-up (shell spec §2). */
export type StandalonePage = 'rms-connect.desktop' | 'rms-connect.ssh' | 'rms-connect.telnet' | 'rms-connect.sftp';

export function standalonePage(pathname: string): StandalonePage | undefined {
  if (pathname.includes('rms-connect/desktop')) return 'rms-connect.desktop';
  if (pathname.includes('rms-connect/ssh')) return 'rms-connect.ssh';
  if (pathname.includes('rms-connect/telnet')) return 'rms-connect.telnet';
  if (pathname.includes('rms-connect/sftp')) return 'rms-connect.sftp';
  return undefined;
}

/** SSH and desktop pages open without login when a `key` query parameter is present. */
export function allowedWithoutLogin(page: StandalonePage | undefined, search: string): boolean {
  if (!page || !KEY_OPENED_PAGES.includes(page)) return false;
  return Boolean(new URLSearchParams(search).get('key'));
}

/** Paths that never need a session. */
export function isPublicPath(pathname: string): boolean {
  return pathname === '/404' || pathname.startsWith('/account/login');
}
