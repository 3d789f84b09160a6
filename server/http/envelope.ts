// The RMS API envelope (docs/architecture.md, OpenAPI): lists {success, data, meta:{total}},
// items {success, data}, failures {success:false, errors:[{code,message,source}]},
// async operations {success, meta:{channel}}.

import type { ErrorItem } from '../../engine/contract/error-item';

export const ok = <T>(data: T, meta?: Record<string, unknown>) =>
  meta ? { success: true as const, data, meta } : { success: true as const, data };

export const list = <T>(data: T[], total: number, meta: Record<string, unknown> = {}) => ({
  success: true as const,
  data,
  meta: { total, ...meta },
});

export const done = (meta?: Record<string, unknown>, message?: string) => ({
  success: true as const,
  ...(message ? { message } : {}),
  ...(meta ? { meta } : {}),
});

export const failure = (errors: ErrorItem[], meta?: Record<string, unknown>) => ({
  success: false as const,
  errors,
  ...(meta ? { meta } : {}),
});

/** An error answered in the envelope with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorItem[],
    readonly meta?: Record<string, unknown>,
  ) {
    super(errors[0]?.message ?? 'Error');
  }

  static of(
    status: number,
    code: string,
    message: string,
    source: string | null = null,
    meta?: Record<string, unknown>,
  ) {
    return new ApiError(status, [{ code, message, source }], meta);
  }

  /** The same errors, each source under `prefix` (an item of a list body: `data.1` makes `name` `data.1.name`). */
  under(prefix: string): ApiError {
    const errors = this.errors.map((e) => ({ ...e, source: e.source ? `${prefix}.${e.source}` : prefix }));
    return new ApiError(this.status, errors, this.meta);
  }
}

/** Runs `work`; an ApiError it throws has its sources put under `prefix` (none: as it is). */
export async function sourcedUnder<T>(prefix: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw prefix && error instanceof ApiError ? error.under(prefix) : error;
  }
}

export const unauthorized = (message = 'Unauthenticated.') => ApiError.of(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  ApiError.of(403, 'FORBIDDEN', message);
export const notFound = (message = 'Resource not found.') => ApiError.of(404, 'NOT_FOUND', message);
/** 422 with one error per field: [source, message][] */
export const invalid = (...fields: [string | null, string][]) =>
  new ApiError(
    422,
    fields.map(([source, message]) => ({ code: 'VALIDATION_ERROR', message, source })),
  );
