// The text a new form starts from in the studio, named by its schema id: a title and a
// first field, and no endpoint: the studio asks which API call the form sends (its
// route picker) instead of assuming one, so the starter is complete once it is picked.
import { documentText } from './document-text';

export function newFormText(name: string): string {
  return documentText({
    $schema: '../form.schema.json',
    title: 'New form',
    schema: { id: name },
    fields: [{ key: 'name', label: 'Name', type: 'text', required: true }],
  });
}
