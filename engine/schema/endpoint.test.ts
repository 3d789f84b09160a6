import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpointKey, endpointParams, resolveEndpoint } from './endpoint';
import { loadDocuments } from './load-fs';

const docs = loadDocuments(fileURLToPath(new URL('../../schemas', import.meta.url)));

describe('endpoint', () => {
  it('fills placeholders from values and drops them from the body; delete has no body', () => {
    const doc = docs.forms.get('remove-mfa')!;
    expect(resolveEndpoint(doc, { email: 'a+b@x.lt' })).toEqual({
      method: 'delete',
      url: '/admin/users/a%2Bb%40x.lt/mfa',
      body: undefined,
    });
    expect(resolveEndpoint(docs.forms.get('edit-automation')!, { name: 'A' }, { id: '7' })).toEqual({
      method: 'put',
      url: '/automations/7',
      body: { name: 'A' },
    });
  });

  it('spells documents and routes alike: method and path with each parameter as {}', () => {
    expect(endpointKey('put', '/tags/{id}')).toBe('PUT /tags/{}');
    expect(endpointKey('PUT', '/api/tags/:id')).toBe('PUT /tags/{}');
    expect(endpointKey('delete', '/admin/users/{email}/mfa/')).toBe('DELETE /admin/users/{}/mfa');
    expect(endpointKey('GET', '/api/files/:id(^\\d+)')).toBe('GET /files/{}');
    expect(endpointKey('put', '/tags/new')).not.toBe(endpointKey('put', '/tags/{id}'));
    expect(endpointKey('post', '/tags/{id}')).not.toBe(endpointKey('put', '/tags/{id}'));
    expect(endpointParams('/api/users/:id/companies/:company')).toEqual(['id', 'company']);
    expect(endpointParams('/admin/users/{email}/mfa')).toEqual(['email']);
    const keys = [...docs.forms.values()].map((d) => endpointKey(d.method ?? 'post', d.endpoint));
    expect(keys).toContain('POST /tags');
    expect(keys).toContain('DELETE /admin/users/{}/mfa');
  });

  it('loads every folder from disk', () => {
    expect(docs.forms.size).toBeGreaterThanOrEqual(21);
    expect(docs.prompts.get('verification-code')?.fields[0]).toMatchObject({ label: 'Code', required: true });
    expect([...docs.lookups.values()].every((l) => l.limit === 100)).toBe(true);
  });
});
