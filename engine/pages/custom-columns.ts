// A list page's custom fields (form fields its resource does not store, read
// back under custom_fields): a sortable column each, "no longer on the form"
// for a field removed from its form whose values are kept, and a text filter
// for each field still on a form; on a detail page, a field each. Asked for by a
// page with `customFields`.
import { t } from '../i18n/i18n';
import type { PageColumn, PageDocument, PageFilter } from './types';

/** A custom field as GET /api/custom-fields?endpoint= answers it. */
export interface CustomFieldInfo {
  key: string;
  label: string;
  on_form: boolean;
}

const keyOf = (f: CustomFieldInfo) => `custom_fields.${f.key}`;
const titleOf = (f: CustomFieldInfo) =>
  f.on_form ? f.label : t('{label} (no longer on the form)', { label: f.label });

/** A list page with a column and a filter per custom field, a detail page with a field per one. */
export function withCustomColumns(doc: PageDocument, fields: readonly CustomFieldInfo[]): PageDocument {
  if (!fields.length) return doc;
  const have = new Set([...(doc.columns ?? []), ...(doc.filters ?? []), ...(doc.fields ?? [])].map((c) => c.key));
  const added = fields.filter((f) => !have.has(keyOf(f)));
  if (doc.kind === 'detail')
    return { ...doc, fields: [...(doc.fields ?? []), ...added.map((f) => ({ key: keyOf(f), title: titleOf(f) }))] };
  const columns: PageColumn[] = added.map((f) => ({ key: keyOf(f), title: titleOf(f), sortable: true }));
  const filters: PageFilter[] = added
    .filter((f) => f.on_form)
    .map((f) => ({ key: keyOf(f), label: f.label, type: 'text' }));
  return { ...doc, columns: [...(doc.columns ?? []), ...columns], filters: [...(doc.filters ?? []), ...filters] };
}
