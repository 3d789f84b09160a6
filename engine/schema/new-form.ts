// The text a new form starts from in the studio: a valid form document for an
// endpoint the reference server has (POST /tags), named by its schema id.
import { documentText } from './document-text';

export function newFormText(name: string): string {
  return documentText({
    $schema: '../form.schema.json',
    title: 'New form',
    endpoint: '/tags',
    method: 'post',
    schema: { id: name },
    fields: [{ key: 'name', label: 'Name', type: 'text', required: true }],
  });
}
