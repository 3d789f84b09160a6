// A three-way merge of a document, part by part: the version a draft started from
// (base), the version published since (theirs) and the draft (yours). A part is a
// document property or one field (by key). A part only one side changed takes that
// side; a part both changed is a conflict; for each part the owner may choose theirs,
// yours or, for a field both have, both (yours under a free key). Fields keep their
// order, a field only yours has at its place in yours.
import { uniqueKey } from './keys';

export type MergeChoice = 'theirs' | 'yours' | 'both';
type Doc = Record<string, unknown>;
type Field = Record<string, unknown> & { key?: unknown };

export interface MergePart {
  /** `property:<name>` or `field:<key>`. */
  id: string;
  /** The property's name or the field's label (its key when it has none). */
  name: string;
  kind: 'property' | 'field';
  theirs: unknown;
  yours: unknown;
  /** Both sides changed it since the base. */
  conflict: boolean;
  choices: readonly MergeChoice[];
  /** What the merge takes unless the owner chooses: the side that changed it (yours when both did). */
  proposed: MergeChoice;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const fieldsOf = (doc: Doc): Field[] | undefined =>
  Array.isArray(doc.fields) && doc.fields.every((f) => f && typeof f === 'object')
    ? (doc.fields as Field[])
    : undefined;
const byKey = (fields: Field[] | undefined) => new Map((fields ?? []).map((f) => [String(f.key), f]));

function part(id: string, name: string, kind: MergePart['kind'], base: unknown, theirs: unknown, yours: unknown) {
  if (same(theirs, yours)) return [];
  const both = kind === 'field' && theirs !== undefined && yours !== undefined;
  const proposed: MergeChoice = same(yours, base) ? 'theirs' : 'yours';
  const conflict = !same(theirs, base) && !same(yours, base);
  return [
    {
      id,
      name,
      kind,
      theirs,
      yours,
      conflict,
      proposed,
      choices: both ? ['theirs', 'yours', 'both'] : ['theirs', 'yours'],
    } satisfies MergePart,
  ];
}

/** Whether the two documents' fields merge field by field (both have a list of objects). */
const fieldWise = (theirs: Doc, yours: Doc) => fieldsOf(theirs) !== undefined && fieldsOf(yours) !== undefined;

/** The parts theirs and yours differ in, with what each side has. */
export function changedParts(base: Doc, theirs: Doc, yours: Doc): MergePart[] {
  const fields = fieldWise(theirs, yours);
  const properties = [...new Set([...Object.keys(theirs), ...Object.keys(yours)])].filter(
    (key) => !(fields && key === 'fields'),
  );
  const parts = properties.flatMap((key) =>
    part(`property:${key}`, key, 'property', base[key], theirs[key], yours[key]),
  );
  if (!fields) return parts;
  const [b, t, y] = [byKey(fieldsOf(base)), byKey(fieldsOf(theirs)), byKey(fieldsOf(yours))];
  for (const key of new Set([...t.keys(), ...y.keys()])) {
    const label = (y.get(key) ?? t.get(key))?.label;
    parts.push(
      ...part(`field:${key}`, typeof label === 'string' ? label : key, 'field', b.get(key), t.get(key), y.get(key)),
    );
  }
  return parts;
}

/** The merged document: theirs, with each part as chosen (a part not chosen: as proposed). */
export function mergeDocuments(
  theirs: Doc,
  yours: Doc,
  parts: readonly MergePart[],
  chosen: Readonly<Record<string, MergeChoice>>,
): Doc {
  const choice = (p: MergePart) => chosen[p.id] ?? p.proposed;
  const merged: Doc = { ...theirs };
  for (const p of parts.filter((p) => p.kind === 'property')) {
    const key = p.id.slice('property:'.length);
    if (choice(p) === 'theirs') continue;
    if (p.yours === undefined) delete merged[key];
    else merged[key] = p.yours;
  }
  if (!fieldWise(theirs, yours)) return merged;
  const fieldParts = new Map(parts.filter((p) => p.kind === 'field').map((p) => [p.id.slice('field:'.length), p]));
  // Theirs in their order, then each field only yours has after the one before it in yours.
  const order = (fieldsOf(theirs) ?? []).map((f) => String(f.key));
  (fieldsOf(yours) ?? []).forEach((f, i, list) => {
    const key = String(f.key);
    if (order.includes(key)) return;
    const before = i > 0 ? order.indexOf(String(list[i - 1].key)) : -1;
    order.splice(before + 1, 0, key);
  });
  const [t, y] = [byKey(fieldsOf(theirs)), byKey(fieldsOf(yours))];
  const taken = new Set(order);
  const out: Field[] = [];
  for (const key of order) {
    const p = fieldParts.get(key);
    const pick = p ? choice(p) : 'theirs';
    if (pick !== 'yours' && t.has(key)) out.push(t.get(key)!);
    if (pick === 'yours' && y.has(key)) out.push(y.get(key)!);
    if (pick === 'both') {
      const free = uniqueKey(key, taken);
      taken.add(free);
      out.push({ ...y.get(key)!, key: free });
    }
  }
  return { ...merged, fields: out };
}
