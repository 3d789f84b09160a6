import type { HttpConfig } from './types';

/** Error codes, named like the ones operators already know from axios. */
export type HttpErrorCode =
  | 'ERR_NETWORK'
  | 'ECONNABORTED'
  | 'ETIMEDOUT'
  | 'ERR_CANCELED'
  | 'ERR_BAD_REQUEST'
  | 'ERR_BAD_RESPONSE'
  | 'ERR_BAD_PROTOCOL';

export class HttpError extends Error {
  status?: number;
  statusText?: string;
  /** Parsed body, e.g. `{ success: false, errors: [{ code, message, source }] }`. */
  data?: unknown;
  code?: HttpErrorCode;
  config: HttpConfig;
  /** Response headers when a response arrived. */
  headers?: Headers;

  constructor(
    message: string,
    config: HttpConfig,
    extra: { status?: number; statusText?: string; data?: unknown; code?: HttpErrorCode; headers?: Headers } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.config = config;
    Object.assign(this, extra);
  }
}

/** The client messages of shell spec §8, verbatim. */
export const clientMessages = {
  network: 'Network Error',
  aborted: 'Request aborted',
  timeout: (ms: number) => `timeout of ${ms} ms exceeded`,
  protocol: (protocol: string) => `Unsupported protocol ${protocol}`,
  status: (status: number) => `Request failed with status code ${status}`,
} as const;

export const ROUTE_CHANGED = 'Route changed';

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** A request cancelled by the app (route change, same-URL replacement), not a failure to report. */
export function isCancel(error: unknown): boolean {
  return error instanceof HttpError && error.code === 'ERR_CANCELED';
}

/** First error item of an RMS failure envelope, if any. */
export function firstErrorItem(data: unknown): { code?: string; message?: string; source?: string } | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const errors = (data as { errors?: unknown }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const first = errors[0];
  return first && typeof first === 'object'
    ? (first as { code?: string; message?: string; source?: string })
    : undefined;
}
