// Field keys as the studio makes them: derived from the label a product owner types
// ("Location note" → location_note), always a valid payload key of the meta-schema
// (^[A-Za-z_][A-Za-z0-9_]*$) and unique within the form (location_note_2, …).

/** The key a label suggests: lower case, words joined by underscores, never empty or starting with a digit. */
export function keyFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const key = words.join('_') || 'field';
  return /^[0-9]/.test(key) ? `_${key}` : key;
}

/** base itself when no other field has it, else base_2, base_3, … (the first free one). */
export function uniqueKey(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}
