import {
  FORM_PROPERTIES,
  fieldPropertyGroups,
  propertyModels,
  type PropertyModel,
} from '../../engine/studio/properties';

// Node-side helper for the catalogue test: the titles and descriptions the studio's property panel shows,
// read from the form meta-schema as the panel reads them: the form's properties, a
// field's (any kind lists them all, its own first), and those of the objects among them
// (a list input's options, a table's columns).

function texts(models: readonly PropertyModel[]): string[] {
  return models.flatMap((model) => [
    model.title,
    ...(model.description ? [model.description] : []),
    ...(model.input === 'object' ? texts(propertyModels(model.schema.properties ?? {})) : []),
  ]);
}

export function studioKeys(): string[] {
  const field = fieldPropertyGroups({ type: 'text' });
  const models = [...FORM_PROPERTIES.main, ...FORM_PROPERTIES.more, ...field.main, ...field.more];
  return [...new Set(texts(models))];
}
