import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultLabel, resultPath, type RoutePathOf } from './result';
import type { SearchSource } from './search';

const paths: Record<string, string> = { 'device.detail': '/devices/:id', 'users.table': '/users' };
// A stand-in route table: `:param` filled as the console's pathFor does.
const pathOf: RoutePathOf = (route, params = {}) =>
  paths[route].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
const devices: SearchSource = {
  id: 'devices',
  label: 'Devices',
  url: '/devices',
  permission: 'p',
  route: 'device.detail',
  param: 'id',
};
const users: SearchSource = { id: 'users', label: 'Users', url: '/users', permission: 'p', route: 'users.table' };

describe('resultPath', () => {
  it('links a result with a detail page to it by id', () => {
    expect(resultPath(devices, { id: 105, name: 'RUT' }, 'rut', pathOf)).toBe('/devices/105');
  });

  it('links other results to their list filtered by e-mail, else name, else the query', () => {
    expect(resultPath(users, { id: 1, email: 'a+b@example.com', name: 'Ann' }, 'an', pathOf)).toBe(
      '/users?q=a%2Bb%40example.com',
    );
    expect(resultPath(users, { id: 1, name: 'Ann Lee' }, 'an', pathOf)).toBe('/users?q=Ann%20Lee');
    expect(resultPath(users, { id: 1 }, 'an & co', pathOf)).toBe('/users?q=an%20%26%20co');
  });

  it('puts the filter into exactly one query parameter that reads back', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const url = new URL(resultPath(users, { id: 1, name }, 'x', pathOf), 'http://console');
        expect([...url.searchParams.keys()]).toEqual(['q']);
        expect(url.searchParams.get('q')).toBe(name);
      }),
    );
  });
});

describe('resultLabel', () => {
  it('reads as the name, else the e-mail, else the id', () => {
    expect(resultLabel({ id: 7, name: 'HQ', email: 'a@example.com' })).toBe('HQ');
    expect(resultLabel({ id: 7, email: 'a@example.com' })).toBe('a@example.com');
    expect(resultLabel({ id: 7 })).toBe('7');
  });
});
