import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findFormsForCall, matchEndpoint, resolveEndpoint } from './endpoint';
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

  it('finds the document for a call, most specific first', () => {
    expect(findFormsForCall(docs.forms, 'POST', '/api/tags').map((f) => f.name)).toEqual(['new-tag']);
    expect(findFormsForCall(docs.forms, 'DELETE', '/admin/users/a%40b.lt/mfa')).toMatchObject([
      { name: 'remove-mfa', params: { email: 'a@b.lt' } },
    ]);
    expect(findFormsForCall(docs.forms, 'POST', '/credits/codes/activate').map((f) => f.name)).toEqual([
      'activate-code',
    ]);
    expect(matchEndpoint(docs.forms.get('new-tag')!, 'put', '/tags')).toBeUndefined();
  });

  it('loads every folder from disk', () => {
    expect(docs.forms.size).toBeGreaterThanOrEqual(21);
    expect(docs.prompts.get('verification-code')?.fields[0]).toMatchObject({ label: 'Code', required: true });
    expect([...docs.lookups.values()].every((l) => l.limit === 100)).toBe(true);
  });
});
