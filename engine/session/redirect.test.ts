import { describe, expect, it } from 'vitest';
import { loginUrl, sameHostTarget, stripSelfRedirect } from './redirect';

const here = { host: 'console.example:8080', origin: 'http://console.example:8080' };

describe('redirects', () => {
  it('follows continue_url only to the same host', () => {
    expect(sameHostTarget('/tags?x=1', here)).toBe('/tags?x=1');
    expect(sameHostTarget('http://console.example:8080/users', here)).toBe('/users');
    expect(sameHostTarget('https://evil.example/users', here)).toBeUndefined();
    expect(sameHostTarget('//evil.example/x', here)).toBeUndefined();
    expect(sameHostTarget('javascript:alert(1)', here)).toBeUndefined();
    expect(sameHostTarget(null, here)).toBeUndefined();
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
