// Server errors to form fields (forms spec §5, §8): matched by `source`; source id
// is ignored (general list); an error about password also clears the message on
// password_confirmation; bulk-data errors map by the third path segment
// (data.0.serial -> serial); file upload errors whose source contains a slash land
// on the file field as "message (name, line N, in X)"; the rest go to the general
// list; UNAUTHORIZED items are skipped.

import type { ReceivedErrorItem } from '../contract/error-item';

export interface MapOptions {
  /** Key of the form's file field, for upload errors whose source contains a slash. */
  fileField?: string;
  /** Keys of fields hidden by permission: their errors are hidden too (forms spec §6). */
  hiddenKeys?: readonly string[];
}

export interface MappedErrors {
  fields: Record<string, string[]>;
  general: string[];
  /** Field keys whose current (client-side) message must be cleared. */
  clear: string[];
}

export const UNAUTHORIZED = 'UNAUTHORIZED';

/** "message (name, line N, in X)" from a source "name/N/X". */
export function fileErrorMessage(message: string, source: string): string {
  const [name, line, ...rest] = source.split('/');
  const parts = [name, line ? `line ${line}` : '', rest.length ? `in ${rest.join('/')}` : ''].filter(Boolean);
  return parts.length ? `${message} (${parts.join(', ')})` : message;
}

/** The field an error source names, if any. */
export function fieldForSource(source: string, fieldKeys: readonly string[]): string | undefined {
  if (source === 'id') return undefined;
  if (fieldKeys.includes(source)) return source;
  const segments = source.split('.');
  if (segments.length >= 3 && fieldKeys.includes(segments[2])) return segments[2];
  if (segments.length > 1 && fieldKeys.includes(segments[0])) return segments[0];
  return undefined;
}

export function mapServerErrors(
  errors: readonly ReceivedErrorItem[],
  fieldKeys: readonly string[],
  opts: MapOptions = {},
): MappedErrors {
  const result: MappedErrors = { fields: {}, general: [], clear: [] };
  const add = (key: string, message: string) => (result.fields[key] ??= []).push(message);
  for (const error of errors) {
    if (error.code === UNAUTHORIZED) continue;
    const source = typeof error.source === 'string' ? error.source : '';
    if (opts.fileField && source.includes('/')) {
      add(opts.fileField, fileErrorMessage(error.message, source));
      continue;
    }
    // A permission-hidden field is not among the form's fields; its errors are hidden with it.
    if (source && opts.hiddenKeys?.length && fieldForSource(source, opts.hiddenKeys) !== undefined) continue;
    const key = source ? fieldForSource(source, fieldKeys) : undefined;
    if (!key) {
      result.general.push(error.message);
      continue;
    }
    add(key, error.message);
    if (key === 'password' && !result.clear.includes('password_confirmation'))
      result.clear.push('password_confirmation');
  }
  // A cleared field shows no message, not even one the server sent for it.
  for (const key of result.clear) delete result.fields[key];
  return result;
}
