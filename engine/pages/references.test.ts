import { describe, expect, it } from 'vitest';
import { pageForms } from './references';
import type { PageDocument } from './types';

describe('pageForms', () => {
  it('names each form the actions open once', () => {
    const doc = {
      title: 'Tags',
      kind: 'list',
      toolbarActions: [{ key: 'new', label: 'New', form: 'new-tag' }],
      rowActions: [
        { key: 'edit', label: 'Edit', form: 'edit-tag' },
        { key: 'go', label: 'Go', href: '/x' },
      ],
      actions: [{ key: 'again', label: 'New', form: 'new-tag' }],
    } as PageDocument;
    expect(pageForms(doc)).toEqual(['new-tag', 'edit-tag']);
  });
});
