import type { Kysely } from 'kysely';
import { BATCH_SIZE } from '../../engine/constants';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/types';
import { ApiError, invalid } from '../http/envelope';
import type { UploadedFile } from '../http/multipart';

// Device files of the RMS API (device passwords, device tags): an uploaded
// text file of lines `key,rest` naming a device by its serial or MAC (a
// header row naming the key is skipped, at most a batch of lines). Rows the
// call cannot take are errors with the key as source; the call answers 207
// with them beside the rows it took, or 422 when it took none.

export interface RowError {
  code: string;
  message: string;
  source: string;
}

export const rowError = (source: string, code: string, message: string): RowError => ({ code, message, source });

/** The file field of a multipart body; 422 on `file` without one. */
export function uploadedFile(body: Record<string, unknown>): UploadedFile {
  const file = body.file as UploadedFile | undefined;
  if (!file || typeof file !== 'object' || !('buffer' in file)) throw invalid(['file', 'The file field is required.']);
  return file;
}

/** The file field of a multipart body as text. */
export const uploadedText = (body: Record<string, unknown>): string => uploadedFile(body).buffer.toString('utf8');

export interface FileRow {
  key: string;
  /** The rest of the line after the first comma (commas included). */
  rest: string;
}

/** The lines of a device file; a key listed twice is an error from its second line on. */
export function fileRows(text: string, key: 'serial' | 'mac'): { rows: FileRow[]; errors: RowError[] } {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (new RegExp(`^"?${key}"?\\s*(,|$)`, 'i').test(lines[0] ?? '')) lines.shift();
  if (lines.length > BATCH_SIZE) throw invalid(['file', `At most ${BATCH_SIZE} devices can be changed at once.`]);
  const seen = new Set<string>();
  const rows: FileRow[] = [];
  const errors: RowError[] = [];
  for (const line of lines) {
    const comma = line.indexOf(',');
    const raw = (comma < 0 ? line : line.slice(0, comma)).trim();
    const id = key === 'mac' ? raw.toUpperCase() : raw;
    if (seen.has(id)) errors.push(rowError(raw, 'VALIDATION_ERROR', 'The device is listed more than once.'));
    else rows.push({ key: id, rest: comma < 0 ? '' : line.slice(comma + 1) });
    seen.add(id);
  }
  return { rows, errors };
}

/** The device of each row among the caller's companies; a row naming none is a NOT_FOUND error. */
export async function devicesOf(db: Kysely<Database>, actor: Actor, key: 'serial' | 'mac', rows: FileRow[]) {
  const keys = [...new Set(rows.map((row) => row.key))];
  let qb = db
    .selectFrom('devices')
    .select(['id', key])
    .where(key, 'in', keys.length ? keys : ['']);
  if (actor.companyIds !== null) qb = qb.where('company_id', 'in', actor.companyIds);
  const byKey = new Map((await qb.execute()).map((d) => [(d as Record<string, unknown>)[key] as string, d.id]));
  const found: { id: number; row: FileRow }[] = [];
  const errors: RowError[] = [];
  for (const row of rows) {
    const id = byKey.get(row.key);
    if (id === undefined) errors.push(rowError(row.key, 'NOT_FOUND', 'Device not found.'));
    else found.push({ id, row });
  }
  return { found, errors };
}

/** 422 with the rows' errors when no row was taken. */
export function assertSomeTaken(taken: number, errors: RowError[]): void {
  if (!taken) {
    throw new ApiError(
      422,
      errors.length ? errors : [rowError('file', 'VALIDATION_ERROR', 'The file lists no devices.')],
    );
  }
}
