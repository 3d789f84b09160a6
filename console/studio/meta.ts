// The meta-schemas the editor completes and explains with (one per kind), and the
// text a new form starts from: a valid document for an endpoint the server has.
import formSchema from '../../schemas/form.schema.json';
import lookupSchema from '../../schemas/lookup.schema.json';
import pageSchema from '../../schemas/page.schema.json';
import promptSchema from '../../schemas/prompt.schema.json';
import type { DocumentKind } from '../../engine/schema/document-source';

export const metaSchemas: Record<DocumentKind, Record<string, unknown>> = {
  forms: formSchema,
  prompts: promptSchema,
  lookups: lookupSchema,
  pages: pageSchema,
};

export function newFormText(name: string): string {
  const doc = {
    $schema: '../form.schema.json',
    title: 'New form',
    endpoint: '/tags',
    method: 'post',
    schema: { id: name },
    fields: [{ key: 'name', label: 'Name', type: 'text', required: true }],
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
