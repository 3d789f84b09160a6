import { describe, expect, it } from 'vitest';
import { formNames, loadFormDocument, loadLookupDocument, lookupNames } from './registry';

describe('registry', () => {
  it('names every JSON file under schemas/forms and loads it lazily by name', async () => {
    expect(formNames()).toEqual(expect.arrayContaining(['new-tag', 'new-company', 'activate-code', 'invite-user']));
    const doc = await loadFormDocument('new-tag');
    expect(doc?.endpoint).toBe('/tags');
    expect(await loadFormDocument('no-such-form')).toBeUndefined();
  });

  it('loads lookup documents', async () => {
    expect(lookupNames()).toContain('companies');
    expect((await loadLookupDocument('companies'))?.limit).toBe(100);
  });
});
