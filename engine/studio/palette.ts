// The studio's palette: every field type and component the form meta-schema knows,
// read from its enums (a type added to schemas/form.schema.json joins the palette),
// each with the smallest field of that kind that passes the meta-schema.
import formSchema from '../../schemas/form.schema.json';
import type { FieldSchema } from '../schema/types';

export interface PaletteEntry {
  /** The button's name: the type or component as the document spells it, capitalised ("Text", "ItemSelect"). */
  name: string;
  type?: NonNullable<FieldSchema['type']>;
  component?: NonNullable<FieldSchema['component']>;
}

const fieldProperties = formSchema.$defs.field.properties;
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const PALETTE: readonly PaletteEntry[] = [
  ...(fieldProperties.type.enum as NonNullable<FieldSchema['type']>[]).map((type) => ({
    name: capitalised(type),
    type,
  })),
  ...(fieldProperties.component.enum as NonNullable<FieldSchema['component']>[]).map((component) => ({
    name: component,
    component,
  })),
];

const SAMPLE_OPTIONS = [
  { value: 'first', label: 'First' },
  { value: 'second', label: 'Second' },
];

/** A new field of the entry's kind under key and label, with what its kind requires (options, columns, text). */
export function starterField(entry: PaletteEntry, key: string, label: string): FieldSchema {
  const field: FieldSchema = { key, label };
  if (entry.type) field.type = entry.type;
  if (entry.component) field.component = entry.component;
  if (entry.type === 'select' || entry.type === 'radio' || entry.component === 'ItemSelect')
    field.options = SAMPLE_OPTIONS.map((o) => ({ ...o }));
  if (entry.component === 'TableInput') field.table = { fields: [{ key: 'column', title: 'Column' }] };
  if (entry.component === 'BaseAlert') Object.assign(field, { text: label, variant: 'info' });
  return field;
}
