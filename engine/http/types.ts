export interface CacheOptions {
  /** Time to live in milliseconds. */
  ttl: number;
  /** Maximum number of entries kept. */
  max: number;
}

export interface HttpConfig {
  method?: string;
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  responseType?: 'json' | 'blob';
  /** Milliseconds; no timeout when absent (shell spec §7). */
  timeout?: number;
  signal?: AbortSignal;
  /** Exempt from same-URL replacement and from cancellation on route change. */
  skipCancel?: boolean;
  baseURL?: string;
  headers?: Record<string, string>;
  /** GET cache: `true` is the default cache (5 min, 100 entries), an object names its own. */
  cache?: boolean | CacheOptions;
  /** Bypass a cached entry and store the fresh answer. */
  forceUpdate?: boolean;
  /** Do not run the 401 refresh for this request. */
  skipAuthRefresh?: boolean;
  /** Set on the retry after a token refresh: a second 401 is final. */
  isRetry?: boolean;
  /** The name shown with the progress of a file upload or blob download (default: the file or the path). */
  transferLabel?: string;
}

export interface HttpResponse<T = unknown> {
  status: number;
  statusText: string;
  data: T;
  headers: Headers;
  config: HttpConfig;
}
