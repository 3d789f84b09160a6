import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { continueTarget, isLoginPath, loginUrl, sameHostTarget, stripSelfRedirect } from './redirect';

const here = { host: 'console.example:8080', origin: 'http://console.example:8080' };

/** Continue-urls that reach another host only after the URL parser normalises them. */
const OPEN_REDIRECTS = [
  'https://evil.example/users',
  '//evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  '/..//evil.example',
  '/./..//evil.example/x',
  '/%2e%2e//evil.example',
  '/%2E%2E/%2e/\\evil.example',
  '/.\\/evil.example',
  'http://console.example:8080//evil.example',
  'http://console.example:8080/..//evil.example',
  'https://console.example:8080/tags',
  'javascript:alert(1)',
  ' //evil.example',
  '/\t/evil.example',
];

describe('redirects', () => {
  it('follows continue_url only to the same origin', () => {
    expect(sameHostTarget('/tags?x=1', here)).toBe('/tags?x=1');
    expect(sameHostTarget('http://console.example:8080/users#a', here)).toBe('/users#a');
    expect(sameHostTarget('/a/../tags', here)).toBe('/tags');
    expect(sameHostTarget(null, here)).toBeUndefined();
    for (const url of OPEN_REDIRECTS) expect(sameHostTarget(url, here), url).toBeUndefined();
  });

  it('answers only paths that stay on the origin when navigated to (property)', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      'evil.example',
      'tags',
      '?',
      '#',
      '@',
      ':',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }),
        fc.constantFrom('', 'http://console.example:8080', '//'),
        (parts, prefix) => {
          const target = sameHostTarget(prefix + parts.join(''), here);
          if (target === undefined) return;
          const landed = new URL(target, here.origin);
          expect(landed.origin).toBe(here.origin);
          expect(`${landed.pathname}${landed.search}${landed.hash}`).toBe(target);
        },
      ),
    );
  });

  it('drops a continue_url that is the login page itself, however it is spelled', () => {
    for (const url of [
      '/account/login',
      '/account/login?continue_url=%2Ftags',
      '/account/%6Cogin',
      '/account/login/',
      '/x/../account/login',
    ]) {
      expect(isLoginPath(sameHostTarget(url, here)!), url).toBe(true);
      expect(continueTarget(url, here), url).toBeUndefined();
    }
    expect(continueTarget('/account/logins', here)).toBe('/account/logins');
    expect(continueTarget('/tags', here)).toBe('/tags');
  });

  it('builds the login URL with where the user was', () => {
    expect(loginUrl({ pathname: '/tags', search: '?q=a' })).toBe('/account/login?continue_url=%2Ftags%3Fq%3Da');
    expect(loginUrl({ pathname: '/', search: '' })).toBe('/account/login');
    expect(loginUrl({ pathname: '/account/login', search: '?continue_url=%2Fx' })).toBe('/account/login');
  });

  it('drops a redirect parameter equal to the current location', () => {
    expect(stripSelfRedirect('?continue_url=%2Faccount%2Flogin&a=1', '/account/login')).toBe('?a=1');
    expect(stripSelfRedirect('?continue_url=%2Ftags', '/account/login')).toBe('?continue_url=%2Ftags');
  });
});
