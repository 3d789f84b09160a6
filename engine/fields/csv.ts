// CSV import for ListInput (forms spec §5): only text/csv ('Not a CSV file selected'),
// size under 80 MB ('File size must be lower than 80MB'); lines trimmed, blanks
// skipped, the list replaced.
import Papa from 'papaparse';
import { MAX_FILE_SIZE } from '../constants';
import { t } from '../i18n/i18n';
import type { ListInputOptions } from '../schema/types';
import type { FileLike } from './file';
import { normaliseList, type ListItem } from './list-input';
import { FIELD_MESSAGES } from './messages';

/** The toast message for a file that cannot be imported, or undefined. */
export function checkCsvFile(file: FileLike): string | undefined {
  if (file.type !== 'text/csv') return t(FIELD_MESSAGES.notCsv);
  if (file.size >= MAX_FILE_SIZE) return t(FIELD_MESSAGES.csvTooLarge);
  return undefined;
}

/** The item of one line: the line itself, trimmed; a line that is one quoted CSV cell gives its unquoted text. */
function lineItem(line: string): string {
  const trimmed = line.trim();
  if (!trimmed.startsWith('"')) return trimmed;
  const cells = Papa.parse<string[]>(trimmed).data[0] ?? [];
  return cells.length === 1 ? String(cells[0]).trim() : trimmed;
}

/** Items of a CSV text: one item per line (trimmed, blank lines skipped), shaped by the list options. */
export function parseCsvList(text: string, options: ListInputOptions = {}): ListItem[] {
  const items = text
    .split(/\r\n|\n|\r/)
    .map(lineItem)
    .filter((item) => item !== '');
  return normaliseList(items, options);
}

/** Reads a chosen file and returns the list that replaces the current one, or the toast message. */
export async function importCsv(
  file: FileLike & { text(): Promise<string> },
  options: ListInputOptions = {},
): Promise<{ items: ListItem[] } | { error: string }> {
  const error = checkCsvFile(file);
  if (error) return { error };
  return { items: parseCsvList(await file.text(), options) };
}
