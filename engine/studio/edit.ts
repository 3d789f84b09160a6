// The Design view's edits of a form document, pure and framework-free: each takes a
// document and gives a new one (the input is never changed), so the studio keeps one
// draft that the Design and Source views both show, and undo is a list of documents.
// Keys stay unique and the rules naming a key follow it when it is renamed or removed.
import type { DependsRule, FieldSchema, FormDocument } from '../schema/types';
import { keyFromLabel, uniqueKey } from './keys';
import { starterField, type PaletteEntry } from './palette';
import { RULE_PROPERTIES } from './rules';

export type PropertyPath = readonly (string | number)[];

const keysOf = (doc: FormDocument, except?: number) => doc.fields.filter((_, i) => i !== except).map((f) => f.key);

function withFields(doc: FormDocument, fields: FieldSchema[]): FormDocument {
  return { ...doc, fields };
}

/** Adds a field of the palette entry at index at (the end when at is past it); the new field's index. */
export function addField(doc: FormDocument, entry: PaletteEntry, at: number): { doc: FormDocument; index: number } {
  const index = Math.max(0, Math.min(at, doc.fields.length));
  const label = entry.name;
  const field = starterField(entry, uniqueKey(keyFromLabel(label), keysOf(doc)), label);
  const fields = [...doc.fields];
  fields.splice(index, 0, field);
  return { doc: withFields(doc, fields), index };
}

/** The field at from moved to index to (both clamped to the list). */
export function moveField(doc: FormDocument, from: number, to: number): FormDocument {
  const last = doc.fields.length - 1;
  const source = Math.max(0, Math.min(from, last));
  const target = Math.max(0, Math.min(to, last));
  if (source === target) return doc;
  const fields = [...doc.fields];
  const [moved] = fields.splice(source, 1);
  fields.splice(target, 0, moved!);
  return withFields(doc, fields);
}

/** A copy of the field at index just after it, under a key of its own. */
export function copyField(doc: FormDocument, index: number): { doc: FormDocument; index: number } {
  const original = doc.fields[index];
  if (!original) return { doc, index };
  const copy = { ...structuredClone(original), key: uniqueKey(original.key, keysOf(doc)) };
  const fields = [...doc.fields];
  fields.splice(index + 1, 0, copy);
  return { doc: withFields(doc, fields), index: index + 1 };
}

/** Rules of every field without those naming key (an empty rule list goes). */
function dropRulesOn(field: FieldSchema, key: string): FieldSchema {
  let next = field;
  for (const property of RULE_PROPERTIES) {
    const rules = field[property];
    if (!rules?.some((r) => r.key === key)) continue;
    const kept = rules.filter((r) => r.key !== key);
    next = { ...next };
    if (kept.length) next[property] = kept;
    else delete next[property];
  }
  return next;
}

/** The form without the field at index, nor the rules and change requirements naming it; the last field stays. */
export function removeField(doc: FormDocument, index: number): FormDocument {
  const removed = doc.fields[index];
  if (!removed || doc.fields.length === 1) return doc;
  const fields = doc.fields.filter((_, i) => i !== index).map((f) => dropRulesOn(f, removed.key));
  const next = withFields(doc, fields);
  if (doc.requireChange?.includes(removed.key)) {
    const kept = doc.requireChange.filter((k) => k !== removed.key);
    if (kept.length) next.requireChange = kept;
    else delete next.requireChange;
  }
  return next;
}

/** The field at index under a new key (made unique), with every rule and change requirement naming the old one. */
export function renameField(doc: FormDocument, index: number, wanted: string): FormDocument {
  const field = doc.fields[index];
  if (!field || field.key === wanted) return doc;
  const key = uniqueKey(wanted, keysOf(doc, index));
  const rename = (rules: DependsRule[] | undefined) => rules?.map((r) => (r.key === field.key ? { ...r, key } : r));
  const fields = doc.fields.map((f, i) => {
    const next: FieldSchema = i === index ? { ...f, key } : { ...f };
    for (const property of RULE_PROPERTIES) {
      const rules = rename(next[property]);
      if (rules) next[property] = rules;
    }
    return next;
  });
  const next = withFields(doc, fields);
  if (doc.requireChange) next.requireChange = doc.requireChange.map((k) => (k === field.key ? key : k));
  return next;
}

/**
 * The field's label; with followKey (a field new in this draft whose key still is the
 * one its label suggested) the key follows the label, as builders do until the key is
 * set by hand.
 */
export function setLabel(doc: FormDocument, index: number, label: string, followKey: boolean): FormDocument {
  const field = doc.fields[index];
  if (!field) return doc;
  const next = setIn(doc, ['fields', index, 'label'], label || undefined);
  return followKey && label ? renameField(next, index, keyFromLabel(label)) : next;
}

/** Whether the key is the one the label suggested (or a numbered variant of it). */
export function keyFollowsLabel(field: FieldSchema): boolean {
  const suggested = keyFromLabel(field.label ?? '');
  return field.key === suggested || new RegExp(`^${suggested}_\\d+$`).test(field.key);
}

/** A copy of value with the property at path set (undefined removes it); the objects on the way are copied. */
export function setIn<T>(value: T, path: PropertyPath, next: unknown): T {
  if (path.length === 0) return next as T;
  const [head, ...rest] = path;
  const container: unknown = value ?? (typeof head === 'number' ? [] : {});
  const copy = (Array.isArray(container) ? [...container] : { ...(container as object) }) as Record<
    string | number,
    unknown
  >;
  const child = setIn(copy[head!], rest, next);
  if (child === undefined && rest.length === 0) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head!];
  } else copy[head!] = child;
  return copy as T;
}

/** The value at path, undefined where the path leads nowhere. */
export function getIn(value: unknown, path: PropertyPath): unknown {
  return path.reduce<unknown>(
    (at, step) => (at && typeof at === 'object' ? (at as Record<string | number, unknown>)[step] : undefined),
    value,
  );
}
