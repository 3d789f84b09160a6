import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpointKey, endpointParams, fillPlaceholders, wholePlaceholder } from './endpoint';
import { loadDocuments } from '../schema/load-fs';

const docs = loadDocuments(fileURLToPath(new URL('../../schemas', import.meta.url)));

describe('the endpoint grammar', () => {
  it('fills placeholders, encoded or as text, and says what a missing value means', () => {
    const values: Record<string, unknown> = { email: 'a+b@x.lt', id: 7, empty: '', 'config.name': 'x' };
    const valueOf = (key: string) => values[key];
    expect(fillPlaceholders('/admin/users/{email}/mfa', valueOf, { encode: true })).toBe(
      '/admin/users/a%2Bb%40x.lt/mfa',
    );
    expect(fillPlaceholders('{email} #{id}', valueOf)).toBe('a+b@x.lt #7');
    expect(fillPlaceholders('/x/{empty}/{none}', valueOf)).toBe('/x//');
    expect(fillPlaceholders('{config.name}', valueOf)).toBe('x');
    expect(() =>
      fillPlaceholders('/x/{none}', valueOf, {
        missing: (key) => {
          throw new Error(`needs ${key}`);
        },
      }),
    ).toThrow('needs none');
    expect(wholePlaceholder('{$ids}')).toBe('$ids');
    expect(wholePlaceholder('/x/{id}')).toBeUndefined();
  });

  it('spells documents and routes alike: method and path with each parameter as {}', () => {
    expect(endpointKey('put', '/tags/{id}')).toBe('PUT /tags/{}');
    expect(endpointKey('PUT', '/api/tags/:id')).toBe('PUT /tags/{}');
    expect(endpointKey('delete', '/admin/users/{email}/mfa/')).toBe('DELETE /admin/users/{}/mfa');
    expect(endpointKey('GET', '/api/files/:id(^\\d+)')).toBe('GET /files/{}');
    expect(endpointKey('put', '/tags/new')).not.toBe(endpointKey('put', '/tags/{id}'));
    expect(endpointKey('post', '/tags/{id}')).not.toBe(endpointKey('put', '/tags/{id}'));
    expect(endpointKey('get', '/devices/{device_id}/')).toBe(endpointKey('GET', '/api/devices/:id'));
    expect(endpointParams('/api/users/:id/companies/:company')).toEqual(['id', 'company']);
    expect(endpointParams('/admin/users/{email}/mfa')).toEqual(['email']);
    const keys = [...docs.forms.values()].map((d) => endpointKey(d.method ?? 'post', d.endpoint));
    expect(keys).toContain('POST /tags');
    expect(keys).toContain('DELETE /admin/users/{}/mfa');
  });
});
