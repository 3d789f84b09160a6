import { buildUrl } from './params';
import { DEFAULT_CACHE, THROTTLE_MS, cacheFor } from './cache';
import { HttpError, ROUTE_CHANGED, clientMessages, firstErrorItem } from './errors';
import { emitHttpEvent } from './events';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from './xsrf';
import { createSessionRecovery, type SessionRecovery } from './session-recovery';
import type { CacheOptions, HttpConfig, HttpResponse } from './types';

export type { CacheOptions, HttpConfig, HttpResponse } from './types';
export { HttpError, isCancel, isHttpError, clientMessages, ROUTE_CHANGED, firstErrorItem } from './errors';
export { ACCOUNT_MENU_CACHE, DEFAULT_CACHE, clearHttpCaches } from './cache';
export { onHttpEvent } from './events';
export { serializeParams } from './params';

/** Timeout of the user and refresh calls (shell spec §9). */
export const SESSION_CALL_TIMEOUT = 30_000;
/** Local-storage keys: the review-environment API host and the stored app version. */
export const REVIEW_API_KEY = 'review_api_url';
export const APP_VERSION_KEY = 'app_version';
export const VERSION_HEADER = 'X-App-Version';

export interface HttpSettings {
  baseURL: string;
  xsrfCookieName: string;
  xsrfHeaderName: string;
  fetch: typeof fetch;
  cookies: () => string;
  storedValue: (key: string) => string | null;
  pathname: () => string;
  search: () => string;
  /** Error codes handed to the global handler (the spec leaves the set open). */
  globallyHandledCodes: Set<string>;
  now: () => number;
}

/** Marks the cancellation of an earlier GET replaced by a newer one to the same URL. */
const REPLACED = Symbol('replaced');

type AbortCause = { kind: 'replaced' } | { kind: 'cancel'; reason: string } | { kind: 'timeout'; ms: number };

interface Pending {
  controller: AbortController;
  config: HttpConfig;
  successor?: Promise<HttpResponse<unknown>>;
}

function browserSettings(): HttpSettings {
  const storage = (key: string) => {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  return {
    baseURL: storage(REVIEW_API_KEY) ?? '/api',
    xsrfCookieName: XSRF_COOKIE,
    xsrfHeaderName: XSRF_HEADER,
    fetch: (...args) => globalThis.fetch(...args),
    cookies: () => globalThis.document?.cookie ?? '',
    storedValue: storage,
    pathname: () => globalThis.location?.pathname ?? '/',
    search: () => globalThis.location?.search ?? '',
    globallyHandledCodes: new Set(),
    now: () => Date.now(),
  };
}

export interface HttpClient {
  request<T = unknown>(config: HttpConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: Omit<HttpConfig, 'url' | 'method'>): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, config?: Omit<HttpConfig, 'url' | 'method'>): Promise<HttpResponse<T>>;
  post<T = unknown>(
    url: string,
    data?: unknown,
    config?: Omit<HttpConfig, 'url' | 'method' | 'data'>,
  ): Promise<HttpResponse<T>>;
  put<T = unknown>(
    url: string,
    data?: unknown,
    config?: Omit<HttpConfig, 'url' | 'method' | 'data'>,
  ): Promise<HttpResponse<T>>;
  patch<T = unknown>(
    url: string,
    data?: unknown,
    config?: Omit<HttpConfig, 'url' | 'method' | 'data'>,
  ): Promise<HttpResponse<T>>;
  /** Cancel every pending request not flagged `skipCancel` (route change). */
  cancelPending(reason?: string): void;
  /** Reconfigure (product-specific XSRF cookie name, globally handled codes, review host). */
  configure(patch: Partial<HttpSettings>): void;
  readonly settings: HttpSettings;
  readonly recovery: SessionRecovery;
}

export function createHttpClient(overrides: Partial<HttpSettings> = {}): HttpClient {
  const settings: HttpSettings = { ...browserSettings(), ...overrides };
  const pending = new Set<Pending>();
  const pendingGets = new Map<string, Pending>();
  const throttled = new Map<string, { at: number; promise: Promise<HttpResponse<unknown>> }>();

  function headersFor(config: HttpConfig): Headers {
    const headers = new Headers({ Accept: 'application/json, text/plain, */*', 'X-Requested-With': 'XMLHttpRequest' });
    const version = settings.storedValue(APP_VERSION_KEY);
    if (version) headers.set(VERSION_HEADER, version);
    const xsrf = readCookie(settings.xsrfCookieName, settings.cookies());
    if (xsrf) headers.set(settings.xsrfHeaderName, xsrf);
    const isForm = typeof FormData !== 'undefined' && config.data instanceof FormData;
    if (config.data !== undefined && !isForm && !(config.data instanceof Blob)) {
      headers.set('Content-Type', 'application/json');
    }
    for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
    return headers;
  }

  function bodyFor(config: HttpConfig): BodyInit | undefined {
    const { data } = config;
    if (data === undefined) return undefined;
    if ((typeof FormData !== 'undefined' && data instanceof FormData) || data instanceof Blob) return data;
    if (typeof data === 'string') return data;
    return JSON.stringify(data);
  }

  async function parseBody(response: Response, blob: boolean): Promise<unknown> {
    if (blob && response.ok) return response.blob();
    const text = await response.text();
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  /** One fetch: headers, body, timeout, abort causes and error messages. */
  async function send<T>(config: HttpConfig, url: string, entry: Pending): Promise<HttpResponse<T>> {
    const protocol = /^([a-z][a-z\d+.-]*:)/i.exec(url)?.[1]?.toLowerCase();
    if (protocol && protocol !== 'http:' && protocol !== 'https:') {
      throw new HttpError(clientMessages.protocol(protocol), config, { code: 'ERR_BAD_PROTOCOL' });
    }
    const { controller } = entry;
    const onUserAbort = () => controller.abort({ kind: 'user' });
    if (config.signal?.aborted) throw new HttpError(clientMessages.aborted, config, { code: 'ECONNABORTED' });
    config.signal?.addEventListener('abort', onUserAbort, { once: true });
    const ms = config.timeout;
    const timer = ms ? setTimeout(() => controller.abort({ kind: 'timeout', ms } satisfies AbortCause), ms) : undefined;
    try {
      let response: Response;
      try {
        response = await settings.fetch(url, {
          method: (config.method ?? 'get').toUpperCase(),
          headers: headersFor(config),
          body: bodyFor(config),
          credentials: 'include',
          signal: controller.signal,
        });
      } catch (error) {
        throw abortError(config, controller.signal, error);
      }
      let data: unknown;
      try {
        data = await parseBody(response, config.responseType === 'blob');
      } catch (error) {
        throw abortError(config, controller.signal, error);
      }
      const result = { status: response.status, statusText: response.statusText, data, headers: response.headers };
      if (response.ok) return { ...result, data: data as T, config };
      throw new HttpError(clientMessages.status(response.status), config, {
        ...result,
        code: response.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
      });
    } finally {
      if (timer) clearTimeout(timer);
      config.signal?.removeEventListener('abort', onUserAbort);
    }
  }

  function abortError(config: HttpConfig, signal: AbortSignal, error: unknown): HttpError {
    if (!signal.aborted) return new HttpError(clientMessages.network, config, { code: 'ERR_NETWORK' });
    const cause = signal.reason as AbortCause | { kind: 'user' } | undefined;
    if (cause?.kind === 'timeout')
      return new HttpError(clientMessages.timeout(cause.ms), config, { code: 'ETIMEDOUT' });
    if (cause?.kind === 'cancel') return new HttpError(cause.reason, config, { code: 'ERR_CANCELED' });
    if (cause?.kind === 'replaced')
      return Object.assign(new HttpError('Request replaced', config, { code: 'ERR_CANCELED' }), { [REPLACED]: true });
    void error;
    return new HttpError(clientMessages.aborted, config, { code: 'ECONNABORTED' });
  }

  /** Tracks the request for route-change cancel and same-URL replacement. */
  async function tracked<T>(config: HttpConfig): Promise<HttpResponse<T>> {
    const url = buildUrl(config.baseURL ?? settings.baseURL, config.url, config.params);
    const method = (config.method ?? 'get').toLowerCase();
    const entry: Pending = { controller: new AbortController(), config };
    const replaceable = method === 'get' && config.responseType !== 'blob' && !config.skipCancel;
    const previous = replaceable ? pendingGets.get(url) : undefined;
    pending.add(entry);
    if (replaceable) pendingGets.set(url, entry);
    const startedAt = settings.now();
    const promise = send<T>(config, url, entry).finally(() => {
      pending.delete(entry);
      if (pendingGets.get(url) === entry) pendingGets.delete(url);
    });
    if (previous) {
      previous.successor = promise as Promise<HttpResponse<unknown>>;
      previous.controller.abort({ kind: 'replaced' } satisfies AbortCause);
    }
    try {
      return await promise;
    } catch (error) {
      // The earlier of two same-URL GETs follows the newer one (shell spec §7, §8).
      if (entry.successor && error instanceof HttpError && (error as { [REPLACED]?: boolean })[REPLACED]) {
        return entry.successor as Promise<HttpResponse<T>>;
      }
      return afterFailure<T>(error, config, startedAt);
    }
  }

  async function afterFailure<T>(error: unknown, config: HttpConfig, startedAt: number): Promise<HttpResponse<T>> {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 401 && recovery.mayRecover(config)) {
      await recovery.recover(error, startedAt);
      // After the refresh the data is reloaded; a blob download is left to its caller, which retries it.
      if (config.responseType === 'blob') throw error;
      return tracked<T>({ ...config, isRetry: true });
    }
    const first = firstErrorItem(error.data);
    if (first?.code && settings.globallyHandledCodes.has(first.code)) emitHttpEvent('global-error', first);
    throw error;
  }

  function cached<T>(config: HttpConfig): Promise<HttpResponse<T>> {
    const options: CacheOptions = config.cache === true ? DEFAULT_CACHE : (config.cache as CacheOptions);
    const cache = cacheFor(options);
    const key = buildUrl(config.baseURL ?? settings.baseURL, config.url, config.params);
    const hit = config.forceUpdate ? undefined : cache.get(key);
    if (hit) return hit as Promise<HttpResponse<T>>;
    const recent = throttled.get(key);
    if (recent && settings.now() - recent.at < THROTTLE_MS) return recent.promise as Promise<HttpResponse<T>>;
    const promise = tracked<T>({ ...config, skipCancel: true });
    throttled.set(key, { at: settings.now(), promise: promise as Promise<HttpResponse<unknown>> });
    cache.set(key, promise);
    promise.catch(() => {
      cache.delete(key);
      throttled.delete(key);
    });
    return promise;
  }

  function request<T = unknown>(config: HttpConfig): Promise<HttpResponse<T>> {
    const method = (config.method ?? 'get').toLowerCase();
    if (method === 'get' && config.cache && config.responseType !== 'blob') return cached<T>(config);
    return tracked<T>(config);
  }

  const client: HttpClient = {
    request,
    get: (url, config) => request({ ...config, url, method: 'get' }),
    delete: (url, config) => request({ ...config, url, method: 'delete' }),
    post: (url, data, config) => request({ ...config, url, data, method: 'post' }),
    put: (url, data, config) => request({ ...config, url, data, method: 'put' }),
    patch: (url, data, config) => request({ ...config, url, data, method: 'patch' }),
    cancelPending(reason = ROUTE_CHANGED) {
      for (const entry of [...pending]) {
        if (entry.config.skipCancel) continue;
        entry.controller.abort({ kind: 'cancel', reason } satisfies AbortCause);
      }
    },
    configure(patch) {
      Object.assign(settings, patch);
    },
    settings,
    recovery: undefined as unknown as SessionRecovery,
  };
  const recovery = createSessionRecovery(client, settings);
  (client as { recovery: SessionRecovery }).recovery = recovery;
  return client;
}

/** The app's client (contract 1). */
export const http: HttpClient = createHttpClient();
