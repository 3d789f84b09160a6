import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDocuments } from './load-fs';

const docs = loadDocuments(fileURLToPath(new URL('../../schemas', import.meta.url)));

describe('loadDocuments', () => {
  it('loads every folder from disk', () => {
    expect(docs.forms.size).toBeGreaterThanOrEqual(21);
    expect(docs.prompts.get('verification-code')?.fields[0]).toMatchObject({ label: 'Code', required: true });
    expect([...docs.lookups.values()].every((l) => l.limit === 100)).toBe(true);
  });
});
