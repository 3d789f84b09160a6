// The meta-schemas the editor completes and explains with (one per kind).
import formSchema from '../../schemas/form.schema.json';
import lookupSchema from '../../schemas/lookup.schema.json';
import menuSchema from '../../schemas/menu.schema.json';
import pageSchema from '../../schemas/page.schema.json';
import promptSchema from '../../schemas/prompt.schema.json';
import type { DocumentKind } from '../../engine/schema/document-source';

export const metaSchemas: Record<DocumentKind, Record<string, unknown>> = {
  forms: formSchema,
  prompts: promptSchema,
  lookups: lookupSchema,
  pages: pageSchema,
  menus: menuSchema,
};
