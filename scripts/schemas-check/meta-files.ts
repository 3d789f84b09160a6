/** Meta-schemas owned by the form engine, in generation order (their types go to types.ts). */
export const typedMetaSchemas = ['form.schema.json', 'prompt.schema.json', 'lookup.schema.json', 'menu.schema.json'];
