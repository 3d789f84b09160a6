import { AxiosError, isCancel as isAxiosCancel } from 'axios';
import type { HttpConfig } from './types';

/**
 * A failed call. The message is axios's own (shell spec §8: "Network Error",
 * "Request aborted", "timeout of N ms exceeded", "Unsupported protocol …",
 * "Request failed with status code N"); a cancel carries its reason ("Route changed").
 */
export class HttpError extends Error {
  status?: number;
  statusText?: string;
  /** Parsed body, e.g. `{ success: false, errors: [{ code, message, source }] }`. */
  data?: unknown;
  /** axios's error code (`ERR_NETWORK`, `ECONNABORTED`, `ETIMEDOUT`, `ERR_CANCELED`, `ERR_BAD_REQUEST`, …). */
  code?: string;
  config: HttpConfig;
  /** Response headers when a response arrived. */
  headers?: Headers;

  constructor(
    message: string,
    config: HttpConfig,
    extra: { status?: number; statusText?: string; data?: unknown; code?: string; headers?: Headers } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.config = config;
    Object.assign(this, extra);
  }
}

export const ROUTE_CHANGED = 'Route changed';

/** axios headers as the platform's `Headers`. */
export function toHeaders(headers: unknown): Headers {
  const result = new Headers();
  if (!headers || typeof headers !== 'object') return result;
  const plain = (headers as { toJSON?: (asStrings: boolean) => Record<string, unknown> }).toJSON?.(true) ?? headers;
  for (const [name, value] of Object.entries(plain as Record<string, unknown>)) {
    if (value !== undefined && value !== null) result.set(name, String(value));
  }
  return result;
}

/** A blob error body is read back as JSON so its error items can be shown. */
async function readableData(data: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return data;
  const text = await data.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The engine's error for an axios failure; a cancel takes its reason from the aborted signal. */
/** axios writes a timeout "timeout of 30000ms exceeded"; the spec, "timeout of N ms exceeded" (shell spec §8). */
function specMessage(message: string): string {
  return message.replace(/^timeout of (\d+)ms exceeded$/, 'timeout of $1 ms exceeded');
}

export async function fromAxiosError(error: unknown, config: HttpConfig): Promise<unknown> {
  if (isAxiosCancel(error)) {
    const reason = ((error as AxiosError).config?.signal as AbortSignal | undefined)?.reason as unknown;
    const message = typeof reason === 'string' ? reason : (error as Error).message;
    return new HttpError(message, config, { code: AxiosError.ERR_CANCELED });
  }
  if (!(error instanceof AxiosError)) return error;
  const response = error.response;
  return new HttpError(specMessage(error.message), config, {
    code: error.code,
    status: response?.status,
    statusText: response?.statusText,
    data: await readableData(response?.data),
    headers: response ? toHeaders(response.headers) : undefined,
  });
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** A request cancelled by the app (route change, an abort signal), not a failure to report. */
export function isCancel(error: unknown): boolean {
  return error instanceof HttpError && error.code === AxiosError.ERR_CANCELED;
}
