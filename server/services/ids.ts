import { messages } from '../../engine/validators/messages';
import { BATCH_SIZE } from '../../engine/constants';
import { ApiError } from '../http/envelope';

/** The largest id a table holds (ids are 32-bit integers on PostgreSQL): larger ones name nothing. */
export const ID_MAX = 2_147_483_647;

/** Whether a value can be a record's id. */
export const isId = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= ID_MAX;

/** The JSON schema of an id in a route's body. */
export const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: ID_MAX } as const;

/** The JSON schema of a bulk body naming records by id ({id: [...]}, the RMS API's bulk shape): a batch at most, each once. */
export const ID_LIST_BODY = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'array', minItems: 1, maxItems: BATCH_SIZE, uniqueItems: true, items: ID_SCHEMA } },
} as const;

/** A positive integer id from a payload value, or a 422 on its field. */
export function idField(value: unknown, source: string, label = source): number {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (!isId(n)) {
    throw ApiError.of(422, 'VALIDATION_ERROR', `The ${label} field must be a valid id.`, source);
  }
  return n;
}

/**
 * The values of a list in a payload, or a 422 on its field when one comes
 * twice: a bulk call names each record once (a duplicate is a mistake to
 * report, not to merge silently).
 */
export function distinct<T>(values: T[], source: string, label?: string): T[] {
  if (new Set(values).size !== values.length) {
    throw ApiError.of(422, 'VALIDATION_ERROR', messages.distinct(label, source), source);
  }
  return values;
}

/** The ids of a payload value (one id or a list of them), each a valid id and none twice, or a 422 on its field. */
export function idList(value: unknown, source: string, label = source): number[] {
  const values = value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value];
  return distinct(
    values.map((v) => idField(v, source, label)),
    source,
  );
}

/** A positive integer amount from a payload value, or a 422 on its field. */
export function amountField(value: unknown, source: string, label = source): number {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n > Number.MAX_SAFE_INTEGER) {
    throw ApiError.of(422, 'VALIDATION_ERROR', messages.max(undefined, label, Number.MAX_SAFE_INTEGER), source);
  }
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
    throw ApiError.of(422, 'VALIDATION_ERROR', messages.min(undefined, label, 1), source);
  }
  return n;
}

/** The :id route parameter; anything else is a 404 (no such record). */
export function routeId(params: unknown): number {
  const raw = (params as { id?: string }).id ?? '';
  if (!/^\d{1,10}$/.test(raw) || !isId(Number(raw))) throw ApiError.of(404, 'NOT_FOUND', 'Resource not found.');
  return Number(raw);
}
