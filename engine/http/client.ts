import axios, {
  type AxiosError,
  type AxiosProgressEvent,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { serializeParams } from './params';
import { DEFAULT_CACHE, THROTTLE_MS, cacheFor } from './cache';
import { firstErrorItem } from '../contract/envelope';
import { ROUTE_CHANGED, fromAxiosError, isCancel, isHttpError, toHeaders } from './errors';
import { emitHttpEvent } from './events';
import { createLatestGets } from './latest-get';
import { XSRF_COOKIE, XSRF_HEADER, isSameOrigin, readCookie } from './xsrf';
import { createSessionRecovery, type SessionRecovery } from './session-recovery';
import { endTransfer, startTransfer, updateTransfer, type TransferDirection } from './transfers';
import type { CacheOptions, HttpConfig, HttpResponse } from './types';
import { apiBase, REVIEW_API_KEY } from './api-base';

export type { CacheOptions, HttpConfig, HttpResponse } from './types';
export { HttpError, isCancel, isHttpError, ROUTE_CHANGED } from './errors';
export { firstErrorItem, serverMessage } from '../contract/envelope';
export { ACCOUNT_MENU_CACHE } from './cache';
export { onHttpEvent } from './events';
export { SESSION_CALL_TIMEOUT } from './session-recovery';

/** Local-storage key of the stored app version, and the header that carries it. */
export const APP_VERSION_KEY = 'app_version';
export const VERSION_HEADER = 'X-App-Version';
/** Error codes handed to the global handler: at least the loss of the session. */
const GLOBALLY_HANDLED_CODES = ['UNAUTHORIZED'];

export interface HttpSettings {
  baseURL: string;
  xsrfCookieName: string;
  xsrfHeaderName: string;
  /** axios adapters in order of preference: XMLHttpRequest in the browser (upload progress), fetch elsewhere. */
  adapter: AxiosRequestConfig['adapter'];
  /** The fetch the fetch adapter calls (the platform's by default). */
  fetch?: typeof fetch;
  cookies: () => string;
  storedValue: (key: string) => string | null;
  pathname: () => string;
  search: () => string;
  /** The page's origin: the XSRF header goes to this origin only. */
  origin: () => string;
  /** Whether a session may exist (a 401 without one is final: no refresh, no revoke, no logout). */
  hasSession: () => boolean;
  /** Error codes handed to the global handler (`global-error` event). */
  globallyHandledCodes: Set<string>;
  now: () => number;
}

interface PendingRequest {
  controller: AbortController;
  config: HttpConfig;
}

/** Our fields on axios's config: the engine's request and when it was sent. */
interface EngineAxiosConfig extends InternalAxiosRequestConfig {
  engine: HttpConfig;
  sentAt: number;
  /** Sent again because the anti-forgery cookie changed while it was on its way. */
  xsrfResent?: boolean;
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
    baseURL: apiBase(storage(REVIEW_API_KEY), Boolean(import.meta.env?.DEV)),
    xsrfCookieName: XSRF_COOKIE,
    xsrfHeaderName: XSRF_HEADER,
    adapter: ['xhr', 'fetch'],
    cookies: () => globalThis.document?.cookie ?? '',
    storedValue: storage,
    pathname: () => globalThis.location?.pathname ?? '/',
    search: () => globalThis.location?.search ?? '',
    origin: () => globalThis.location?.origin ?? 'http://localhost',
    // Until the app tells (console/startup: not once signed out), a session may exist.
    hasSession: () => true,
    globallyHandledCodes: new Set(GLOBALLY_HANDLED_CODES),
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
  /** Reconfigure (product-specific XSRF cookie name, globally handled codes, adapter, the session probe). */
  configure(patch: Partial<HttpSettings>): void;
  readonly settings: HttpSettings;
  readonly recovery: SessionRecovery;
}

const isFormData = (data: unknown) => typeof FormData !== 'undefined' && data instanceof FormData;

/** The progress label of a transfer: the caller's, else the first file's name, else the path. */
function transferLabel(config: HttpConfig): string {
  if (config.transferLabel) return config.transferLabel;
  if (isFormData(config.data)) {
    for (const value of (config.data as FormData).values()) if (typeof value !== 'string') return value.name;
  }
  return config.url;
}

function transferDirection(config: HttpConfig): TransferDirection | undefined {
  if (isFormData(config.data)) return 'upload';
  return config.responseType === 'blob' ? 'download' : undefined;
}

export function createHttpClient(overrides: Partial<HttpSettings> = {}): HttpClient {
  const settings: HttpSettings = { ...browserSettings(), ...overrides };
  const pending = new Set<PendingRequest>();
  const throttled = new Map<string, { at: number; promise: Promise<HttpResponse<unknown>> }>();
  const latestGets = createLatestGets('Request replaced');
  const instance = axios.create({
    withCredentials: true,
    // The XSRF header is set by the request interceptor, for the page's own origin only.
    withXSRFToken: false,
    paramsSerializer: { serialize: (params) => serializeParams(params as Record<string, unknown>) },
    transitional: { clarifyTimeoutError: true, silentJSONParsing: true, forcedJSONParsing: true },
  });

  instance.interceptors.request.use((config) => {
    const engineConfig = config as EngineAxiosConfig;
    engineConfig.sentAt = settings.now();
    config.headers.set('X-Requested-With', 'XMLHttpRequest');
    const version = settings.storedValue(APP_VERSION_KEY);
    if (version) config.headers.set(VERSION_HEADER, version);
    // Multipart without a boundary: every adapter leaves the header to the platform, which adds the boundary.
    if (isFormData(config.data)) config.headers.setContentType('multipart/form-data');
    const xsrf = readCookie(settings.xsrfCookieName, settings.cookies());
    if (xsrf && isSameOrigin(instance.getUri(config), settings.origin()))
      config.headers.set(settings.xsrfHeaderName, xsrf);
    return config;
  });

  instance.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as EngineAxiosConfig | undefined;
    if (!config?.engine) throw error;
    const request = config.engine;
    if (staleXsrf(error, config)) return instance.request({ ...config, xsrfResent: true } as AxiosRequestConfig);
    if (error.response?.status === 401 && recovery.mayRecover(request)) {
      await recovery.recover(config.sentAt).catch(() => Promise.reject(error));
      // After the refresh the data is reloaded: a GET is sent again; a write or a blob download is left to its caller.
      const reload = (request.method ?? 'get').toLowerCase() === 'get' && request.responseType !== 'blob';
      if (reload)
        return recovery.retried(
          instance.request({ ...config, engine: { ...request, isRetry: true } } as AxiosRequestConfig),
        );
      throw error;
    }
    const first = firstErrorItem(error.response?.data);
    if (first?.code && settings.globallyHandledCodes.has(first.code)) emitHttpEvent('global-error', first);
    throw error;
  });

  /**
   * A call refused for its anti-forgery header while the cookie now holds another token: an answer
   * that crossed it (several calls failing their session together each get one) replaced the
   * cookie after the header was read. It is sent once more with the current cookie.
   */
  function staleXsrf(error: AxiosError, config: EngineAxiosConfig): boolean {
    if (error.response?.status !== 403 || config.xsrfResent) return false;
    if (firstErrorItem(error.response.data)?.code !== 'XSRF_TOKEN_MISMATCH') return false;
    const current = readCookie(settings.xsrfCookieName, settings.cookies());
    return Boolean(current) && current !== config.headers.get(settings.xsrfHeaderName);
  }

  function progressHandler(id: number | undefined) {
    if (id === undefined) return undefined;
    return (event: AxiosProgressEvent) => updateTransfer(id, event.loaded, event.total);
  }

  async function send<T>(config: HttpConfig, controller = new AbortController()): Promise<HttpResponse<T>> {
    const entry: PendingRequest = { controller, config };
    pending.add(entry);
    const direction = transferDirection(config);
    const transfer = direction ? startTransfer(direction, transferLabel(config)) : undefined;
    const signal = config.signal ? AbortSignal.any([controller.signal, config.signal]) : controller.signal;
    try {
      const response: AxiosResponse<T> = await instance.request<T>({
        url: config.url,
        method: config.method ?? 'get',
        baseURL: config.baseURL ?? settings.baseURL,
        params: config.params,
        data: config.data,
        headers: config.headers,
        responseType: config.responseType ?? 'json',
        timeout: config.timeout ?? 0,
        signal,
        adapter: settings.adapter,
        // Without a page (Node) fetch is called with the URL itself, so relative URLs keep working.
        env: { fetch: settings.fetch, Request: null as unknown as undefined },
        onUploadProgress: direction === 'upload' ? progressHandler(transfer) : undefined,
        onDownloadProgress: direction === 'download' ? progressHandler(transfer) : undefined,
        engine: config,
      } as AxiosRequestConfig);
      return {
        status: response.status,
        statusText: response.statusText,
        data: response.data,
        headers: toHeaders(response.headers),
        config,
      };
    } catch (error) {
      const failure = await fromAxiosError(error, config);
      if (isHttpError(failure) && !isCancel(failure)) emitHttpEvent('request-failed', failure);
      throw failure;
    } finally {
      pending.delete(entry);
      if (transfer !== undefined) endTransfer(transfer);
    }
  }

  const urlOf = (config: HttpConfig) =>
    instance.getUri({
      url: config.url,
      baseURL: config.baseURL ?? settings.baseURL,
      params: config.params,
    });

  function cached<T>(config: HttpConfig): Promise<HttpResponse<T>> {
    const options: CacheOptions = config.cache === true ? DEFAULT_CACHE : (config.cache as CacheOptions);
    const cache = cacheFor(options);
    const key = urlOf(config);
    const hit = config.forceUpdate ? undefined : cache.get(key);
    if (hit) return hit as Promise<HttpResponse<T>>;
    const recent = throttled.get(key);
    if (recent && settings.now() - recent.at < THROTTLE_MS) return recent.promise as Promise<HttpResponse<T>>;
    const promise = send<T>({ ...config, skipCancel: true });
    throttled.set(key, { at: settings.now(), promise: promise as Promise<HttpResponse<unknown>> });
    cache.set(key, promise);
    promise.catch(() => {
      cache.delete(key);
      throttled.delete(key);
    });
    return promise;
  }

  function request<T = unknown>(config: HttpConfig): Promise<HttpResponse<T>> {
    const isGet = (config.method ?? 'get').toLowerCase() === 'get' && config.responseType !== 'blob';
    if (isGet && config.cache) return cached<T>(config);
    if (isGet && !config.skipCancel) return latestGets.run(urlOf(config), (controller) => send<T>(config, controller));
    return send<T>(config);
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
        if (!entry.config.skipCancel) entry.controller.abort(reason);
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
