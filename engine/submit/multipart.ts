// Generic upload (forms spec §7): multipart with indexed arrays (`list[0]`),
// nested objects (`obj[key]`), empty arrays allowed (`list[]` = ''), dates as
// ISO strings, booleans as 'true'/'false', files as they are.

function append(form: FormData, key: string, value: unknown): void {
  if (value === undefined) return;
  if (value === null) form.append(key, '');
  else if (value instanceof Date) form.append(key, value.toISOString());
  else if (typeof Blob !== 'undefined' && value instanceof Blob) {
    const name = (value as File).name;
    if (name) form.append(key, value, name);
    else form.append(key, value);
  } else if (Array.isArray(value)) {
    if (value.length === 0) form.append(`${key}[]`, '');
    value.forEach((item, i) => append(form, `${key}[${i}]`, item));
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) append(form, `${key}[${k}]`, v);
  } else form.append(key, String(value));
}

/** Converts a payload into FormData. */
export function toFormData(payload: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) append(form, key, value);
  return form;
}
