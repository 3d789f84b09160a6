import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedWithoutLogin, isPublicPath, standalonePage } from './standalone';

describe('start-up dispatch', () => {
  it('chooses the standalone page by path', () => {
    expect(standalonePage('/rms-connect/desktop')).toBe('rms-connect.desktop');
    expect(standalonePage('/x/rms-connect/ssh/1')).toBe('rms-connect.ssh');
    expect(standalonePage('/rms-connect/telnet')).toBe('rms-connect.telnet');
    expect(standalonePage('/rms-connect/sftp')).toBe('rms-connect.sftp');
    expect(standalonePage('/management/devices')).toBeUndefined();
  });

  it('allows ssh and desktop without login only with a key', () => {
    expect(allowedWithoutLogin('rms-connect.ssh', '?key=abc')).toBe(true);
    expect(allowedWithoutLogin('rms-connect.desktop', '?key=abc')).toBe(true);
    expect(allowedWithoutLogin('rms-connect.ssh', '')).toBe(false);
    expect(allowedWithoutLogin('rms-connect.sftp', '?key=abc')).toBe(false);
    expect(allowedWithoutLogin('rms-connect.telnet', '?key=abc')).toBe(false);
  });

  it('knows the public paths', () => {
    expect(isPublicPath('/404')).toBe(true);
    expect(isPublicPath('/account/login')).toBe(true);
    expect(isPublicPath('/tags')).toBe(false);
  });
});

describe('start-up dispatch, for any path', () => {
  // Paths of near-miss segments: `rms-connect` and the page names, apart or in other orders.
  const segments = fc.array(
    fc.constantFrom('rms-connect', 'rms', 'connect', 'desktop', 'ssh', 'telnet', 'sftp', 'devices', '42', ''),
    { maxLength: 6 },
  );

  it('starts the full application on every path without rms-connect/', () => {
    fc.assert(
      fc.property(segments, (parts) => {
        const path = `/${parts.join('/')}`;
        fc.pre(!path.includes('rms-connect/'));
        expect(standalonePage(path)).toBeUndefined();
      }),
    );
  });

  it('lets no page open without login when the query has no key', () => {
    const pages = fc.constantFrom(
      'rms-connect.desktop' as const,
      'rms-connect.ssh' as const,
      'rms-connect.telnet' as const,
      'rms-connect.sftp' as const,
      undefined,
    );
    // Any other parameter, or `key` left empty.
    const names = fc.constantFrom('key', 'keys', 'Key', 'id', 'continue_url');
    fc.assert(
      fc.property(pages, fc.array(fc.tuple(names, fc.string({ maxLength: 4 }))), (page, pairs) => {
        const query = `?${new URLSearchParams(pairs.map(([name, value]) => [name, name === 'key' ? '' : value]))}`;
        expect(allowedWithoutLogin(page, query)).toBe(false);
      }),
    );
  });
});
