import { hiddenKeys, type FormValues } from '../../engine/schema/depends';
import { onChangeFunctions } from '../../engine/schema/functions';
import type { FieldSchema } from '../../engine/schema/types';
import { checkField } from '../../engine/validators/field';

// Pure value transitions of a running form: the fields' onChange functions,
// depends (hidden values cleared), and the client-side check before submit.

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

/** Applies a change from the form: onChange functions of the changed fields, then depends clearing. */
export function applyChange(doc: HasFields, previous: FormValues, incoming: FormValues): ValuesUpdate {
  let values: FormValues = { ...previous, ...incoming };
  const changed = Object.keys(values).filter((k) => !same(previous[k], values[k]));
  for (const key of changed) {
    const ref = doc.fields.find((f) => f.key === key)?.onChange;
    if (!ref) continue;
    const fn = onChangeFunctions[ref.function];
    if (!fn) throw new Error(`Unknown onChange function ${ref.function}`);
    values = fn(values, ref.params ?? {});
  }
  const hidden = hiddenKeys(doc, values);
  for (const field of doc.fields) {
    if (!hidden.has(field.key)) continue;
    delete values[field.key];
    if (field.addon) delete values[field.addon.key];
  }
  for (const key of Object.keys(previous)) if (!(key in values) && !changed.includes(key)) changed.push(key);
  return { values, hidden: [...hidden], changed };
}

/** The first message per visible field, the same check the server runs. */
export function checkValues(doc: HasFields, values: FormValues, hidden: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of doc.fields) {
    if (hidden.includes(field.key)) continue;
    const message = checkField(field, values[field.key]);
    if (message) errors[field.key] = message;
  }
  return errors;
}
