import type { FormValues } from '../schema/depends';

// Bulk payloads (forms spec §7): {device_id: [..], ...values} when the form has
// an action field, otherwise {data: [{device_id, ...values}, ...]}.

export interface BulkShape {
  /** Key of each selected id (device_id by default). */
  selectionKey?: string;
  /** With an action field the ids go in one list beside the values. */
  actionField?: string;
}

type Id = string | number;

function idsOf(selection: readonly unknown[], key: string): Id[] {
  return selection
    .map((s) => (s && typeof s === 'object' ? ((s as Record<string, unknown>)[key] ?? (s as { id?: unknown }).id) : s))
    .filter((v): v is Id => typeof v === 'string' || typeof v === 'number');
}

/**
 * combineBulkSources: the ids of the table selection and the ids picked in the
 * form under the same key, merged without duplicates (selection first).
 */
export function combineBulkSources(selection: readonly unknown[], values: FormValues, key = 'device_id'): Id[] {
  const picked = values[key];
  const fromForm = Array.isArray(picked)
    ? picked
    : picked === undefined || picked === null || picked === ''
      ? []
      : [picked];
  const seen = new Set<string>();
  const out: Id[] = [];
  for (const id of [...idsOf(selection, key), ...idsOf(fromForm, key)]) {
    if (seen.has(String(id))) continue;
    seen.add(String(id));
    out.push(id);
  }
  return out;
}

/** Shapes a bulk payload from the selection and the form values. */
export function bulkPayload(
  selection: readonly unknown[],
  values: FormValues,
  shape: BulkShape = {},
  combine = false,
): FormValues {
  const key = shape.selectionKey ?? 'device_id';
  const ids = combine ? combineBulkSources(selection, values, key) : idsOf(selection, key);
  const rest: FormValues = { ...values };
  delete rest[key];
  if (shape.actionField) return { [key]: ids, ...rest };
  return { data: ids.map((id) => ({ [key]: id, ...rest })) };
}
