import { expect, type Page } from '@playwright/test';
import { api } from './login';

/**
 * Publishes a new form of its own for a studio test (a fresh name from the title: tests never share one):
 * POST /tags with a required Name and an optional Description, for those with create_tags.
 */
export async function publishNewForm(page: Page, title: string): Promise<string> {
  const name = `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}`;
  const document = {
    $schema: '../form.schema.json',
    title,
    endpoint: '/tags',
    method: 'post',
    permission: 'create_tags',
    schema: { id: name },
    fields: [
      { key: 'name', label: 'Name', type: 'text', required: true },
      { key: 'description', label: 'Description', type: 'textarea' },
    ],
  };
  expect((await api(page, 'PUT', `/documents/forms/${name}`, { document, version: 0 })).status()).toBe(200);
  return name;
}
