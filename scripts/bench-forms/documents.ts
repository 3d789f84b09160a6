import type { FieldSchema, FormDocument } from '../../engine/schema/types';

/**
 * A generated form document of n fields with depends chains: every block of ten
 * has a select, a text shown only for one select value, a number, a checkbox, a
 * text shown only while the checkbox is ticked, and plain text fields.
 */
export function generatedDocument(n: number): FormDocument {
  const fields: FieldSchema[] = [];
  for (let i = 0; i < n; i++) {
    const key = `f${i}`;
    const label = `Field ${i}`;
    switch (i % 10) {
      case 0:
        fields.push({
          key,
          label,
          type: 'select',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        });
        break;
      case 1:
        fields.push({ key, label, depends: [{ key: `f${i - 1}`, values: ['b'] }], maxlength: 50 });
        break;
      case 2:
        fields.push({ key, label, type: 'number', min: 0, max: 100 });
        break;
      case 3:
        fields.push({ key, label, type: 'checkbox' });
        break;
      case 4:
        fields.push({ key, label, depends: [{ key: `f${i - 1}` }] });
        break;
      default:
        fields.push({ key, label, maxlength: 100, required: i === 5 });
    }
  }
  return { $schema: '../form.schema.json', title: `Generated ${n}`, endpoint: '/bench', fields };
}

/**
 * Initial values under which every field of generatedDocument(n) is shown (each select on 'b', each checkbox
 * ticked): every contender, the engine with its depends included, then renders the same n controls.
 */
export function shownValues(n: number): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (let i = 0; i < n; i += 10) {
    values[`f${i}`] = 'b';
    if (i + 3 < n) values[`f${i + 3}`] = true;
  }
  return values;
}

/** A ListInput document with CSV upload, and a TableInput document. */
export const listDocument: FormDocument = {
  $schema: '../form.schema.json',
  title: 'List',
  endpoint: '/bench',
  fields: [{ key: 'items', label: 'Items', component: 'ListInput', list: { showCsvUpload: true } }],
};

export const tableDocument: FormDocument = {
  $schema: '../form.schema.json',
  title: 'Table',
  endpoint: '/bench',
  fields: [
    {
      key: 'rows',
      label: 'Rows',
      component: 'TableInput',
      table: {
        fields: [
          { key: 'name', title: 'Name' },
          { key: 'host', title: 'Host' },
          { key: 'port', title: 'Port' },
        ],
      },
    },
  ],
};
