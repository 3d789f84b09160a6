import { hiddenKeys, type FormValues } from '../schema/depends';
import { onChangeFunctions } from '../schema/functions';
import type { FieldSchema } from '../schema/types';
import { checkSwitch, switchedFields } from '../schema/lookup-switch';
import { requiredNow, typedValues } from '../schema/required-when';
import { checkAddon, checkField } from '../schema/validate-field';

// Pure value transitions of a running form: the fields' onChange functions,
// lookup switches (a selection cleared when the value choosing its lookup
// changes), depends (hidden values cleared), and the client-side check before submit.

interface HasFields {
  fields: FieldSchema[];
}

export interface ValuesUpdate {
  values: FormValues;
  hidden: string[];
  /** Keys whose value changed (their errors are cleared). */
  changed: string[];
}

const same = (a: unknown, b: unknown) => a === b || (a === undefined && b === null) || (a === null && b === undefined);

interface FieldIndex {
  byKey: Map<string, FieldSchema>;
  /** Keys some depends rule reads: only a change of one of them can hide or show a field. */
  dependedOn: Set<string>;
  /** Keys choosing the lookup of other fields (LookupSwitch), with those fields' keys. */
  switching: Map<string, string[]>;
}

const indexes = new WeakMap<FieldSchema[], FieldIndex>();

function indexOf(fields: FieldSchema[]): FieldIndex {
  let index = indexes.get(fields);
  if (!index) {
    index = {
      byKey: new Map(fields.map((f) => [f.key, f])),
      dependedOn: new Set(fields.flatMap((f) => (f.depends ?? []).map((rule) => rule.key))),
      switching: switchedFields(fields),
    };
    indexes.set(fields, index);
  }
  return index;
}

/**
 * A keystroke's change, written into `values` in place when it is narrow: no
 * onChange function follows its keys, no depends rule reads them, none of
 * them chooses a lookup and none of them is hidden. Then it costs only its own keys (no copy of the form's
 * values) and returns the keys whose value changed; a wider change returns
 * undefined, for applyChange.
 */
export function writeInPlace(
  doc: HasFields,
  values: FormValues,
  incoming: FormValues,
  hidden: ReadonlySet<string>,
): string[] | undefined {
  const index = indexOf(doc.fields);
  const keys = Object.keys(incoming);
  const wide = (k: string) =>
    index.byKey.get(k)?.onChange || index.dependedOn.has(k) || index.switching.has(k) || hidden.has(k);
  if (keys.some(wide)) return undefined;
  const changed = keys.filter((k) => !same(values[k], incoming[k]));
  for (const key of changed) values[key] = incoming[key];
  return changed;
}

/**
 * Applies a change from the form: onChange functions of the changed fields, then
 * the selections whose lookup a changed value chooses are cleared (unless the
 * same change sets them: a loaded item), then depends (hidden values cleared). Given the hidden keys before the change, a
 * change no depends rule reads and no onChange function follows costs only its
 * own keys, so a keystroke does not grow with the form.
 */
export function applyChange(
  doc: HasFields,
  previous: FormValues,
  incoming: FormValues,
  hiddenBefore?: readonly string[],
): ValuesUpdate {
  const index = indexOf(doc.fields);
  let values: FormValues = { ...previous, ...incoming };
  let changed = Object.keys(incoming).filter((k) => !same(previous[k], values[k]));
  let wide = false;
  for (const key of changed) {
    const ref = index.byKey.get(key)?.onChange;
    if (!ref) continue;
    const fn = onChangeFunctions[ref.function];
    if (!fn) throw new Error(`Unknown onChange function ${ref.function}`);
    values = fn(values, ref.params ?? {});
    wide = true;
  }
  for (const [key, targets] of index.switching) {
    if (same(previous[key], values[key])) continue;
    for (const target of targets) {
      if (target in incoming || !(target in values)) continue;
      delete values[target];
      wide = true;
    }
  }
  let hidden = hiddenBefore;
  if (!hidden || wide || changed.some((k) => index.dependedOn.has(k) || hiddenBefore?.includes(k))) {
    const keys = hiddenKeys(doc, values);
    for (const key of keys) {
      delete values[key];
      const addon = index.byKey.get(key)?.addon;
      if (addon) delete values[addon.key];
    }
    hidden = [...keys];
    wide = true;
  }
  if (wide) {
    const keys = new Set([...Object.keys(previous), ...Object.keys(values)]);
    changed = [...keys].filter((k) => !same(previous[k], values[k]));
  }
  return { values, hidden: [...hidden], changed };
}

/**
 * The first message per visible field: the server's check on the value as the
 * server receives it (trimmed and typed), so both agree on `"  ab  "`; a
 * requiredWhen rule reads the typed values too.
 */
export function checkValues(doc: HasFields, values: FormValues, hidden: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const shown = doc.fields.filter((field) => !hidden.includes(field.key));
  const typed = typedValues(shown, values);
  for (const field of shown) {
    // An addon's message shows under its field (the server names the addon's key).
    const value = typed[field.key];
    const message =
      checkField(field, value, { required: requiredNow(field, typed) }) ??
      checkSwitch(field, { ...values, [field.key]: value }) ??
      (field.addon && checkAddon(field, values[field.addon.key]));
    if (message) errors[field.key] = message;
  }
  return errors;
}
