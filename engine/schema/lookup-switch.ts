// A lookup chosen by the value of another field (LookupSwitch, e.g. a report's
// apply_list lists devices, companies or tags by its applied_by): the options
// source in effect for the current values, the fields each key switches, and
// the check that a selection has a lookup to come from. A change of the
// switching value clears the selection (engine/form/values.ts).
import { messages } from '../validators/messages';
import { isEmptyValue, type FormValues } from './depends';
import type { FieldSchema, LookupSwitch, OptionsSource } from './types';

/** An options source other than a switch: what a widget loads its options from. */
export type PlainOptionsSource = Exclude<OptionsSource, LookupSwitch>;

export const isLookupSwitch = (source: OptionsSource | undefined): source is LookupSwitch =>
  !!source && !Array.isArray(source) && 'lookupBy' in source;

/** The lookup a switch chooses for these values; undefined when the value names none. */
export function chosenLookup(source: LookupSwitch, values: FormValues) {
  const value = values[source.lookupBy];
  if (value === undefined || value === null || typeof value === 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(source.lookups, String(value))
    ? source.lookups[String(value)]
    : undefined;
}

/** The options source in effect: a switch's chosen lookup, or no options when its value names none. */
export function activeSource(source: OptionsSource | undefined, values: FormValues): PlainOptionsSource | undefined {
  if (!isLookupSwitch(source)) return source;
  return chosenLookup(source, values) ?? [];
}

/** The keys of the fields whose lookup each key switches. */
export function switchedFields(fields: readonly FieldSchema[]): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const field of fields) {
    if (!isLookupSwitch(field.options)) continue;
    const key = field.options.lookupBy;
    byKey.set(key, [...(byKey.get(key) ?? []), field.key]);
  }
  return byKey;
}

/** The message for a selection of a switched field while its switching value names no lookup. */
export function checkSwitch(field: FieldSchema, values: FormValues): string | undefined {
  if (!isLookupSwitch(field.options) || isEmptyValue(values[field.key])) return undefined;
  return chosenLookup(field.options, values) ? undefined : messages.invalid(field.label, field.key);
}
