// Field visibility from `depends` (forms spec §3, §4): a field is visible while every
// rule holds; a hidden field's value is cleared and never submitted. A field that
// depends on a hidden field sees that field as empty, so chains hide together.
import type { DependsRule, FieldSchema } from './types';

export type FormValues = Record<string, unknown>;

interface HasFields {
  fields: FieldSchema[];
}

export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

const same = (a: unknown, b: unknown) => a === b || (a !== null && b !== null && String(a) === String(b));

/** Whether one rule holds for the current values (array values match when any element matches). */
export function ruleHolds(rule: DependsRule, values: FormValues): boolean {
  const value = values[rule.key];
  let holds: boolean;
  if (rule.values === undefined) holds = !isEmptyValue(value) && value !== false;
  else {
    const candidates = Array.isArray(value) ? value : [value];
    holds = candidates.some((c) => rule.values!.some((allowed) => same(c, allowed)));
  }
  return rule.not ? !holds : holds;
}

/** Keys of the fields hidden by depends for these values (computed to a fixed point). */
export function hiddenKeys(doc: HasFields, values: FormValues): Set<string> {
  const hidden = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    const effective: FormValues = { ...values };
    for (const key of hidden) delete effective[key];
    for (const field of doc.fields) {
      if (hidden.has(field.key) || !field.depends) continue;
      if (!field.depends.every((rule) => ruleHolds(rule, effective))) {
        hidden.add(field.key);
        changed = true;
      }
    }
  }
  return hidden;
}

/** The fields visible for these values, in document order. */
export function visibleFields(doc: HasFields, values: FormValues): FieldSchema[] {
  const hidden = hiddenKeys(doc, values);
  return doc.fields.filter((f) => !hidden.has(f.key));
}

/** A copy of values without the hidden fields' values (and their addons' values). */
export function pruneHidden(doc: HasFields, values: FormValues): FormValues {
  const hidden = hiddenKeys(doc, values);
  const out: FormValues = { ...values };
  for (const field of doc.fields) {
    if (!hidden.has(field.key)) continue;
    delete out[field.key];
    if (field.addon) delete out[field.addon.key];
  }
  return out;
}
