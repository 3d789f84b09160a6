import { emitHttpEvent } from './events';
import type { HttpClient, HttpSettings } from './client';
import type { HttpConfig } from './types';

/** Timeout of the user and refresh calls (shell spec §9). */
export const SESSION_CALL_TIMEOUT = 30_000;

export interface SessionRecovery {
  /** Whether a 401 for this request may start a refresh (shell spec §8): never without a session. */
  mayRecover(config: HttpConfig): boolean;
  /**
   * Refresh the token once for every request that failed together (`sentAt`:
   * when the failed request was sent). Resolves when the failed request may be
   * retried; rejects (after revoke and local logout) when the session is gone.
   */
  recover(sentAt: number): Promise<void>;
  /**
   * The request a refresh let through is sent again (`retry`). Answered 401 once more, the new token
   * was refused too and the session is gone (shell spec §8): later 401s are rejected without a refresh,
   * and one that arrives while retries are out waits for them first.
   */
  retried<T>(retry: Promise<T>): Promise<T>;
  /** Refresh on purpose (cancelling impersonation). */
  refresh(): Promise<void>;
  /** Revoke the token (retried once), then log out locally. */
  revoke(): Promise<void>;
  readonly refreshCount: number;
}

/** A request sent again after the token refresh was refused too. */
const sessionGone = () => new Error('session gone');

function onConsolePage(pathname: string): boolean {
  return /rms-connect\/(ssh|telnet)/.test(pathname);
}

export function createSessionRecovery(client: HttpClient, settings: HttpSettings): SessionRecovery {
  let refreshing: Promise<void> | null = null;
  let revoking: Promise<void> | null = null;
  let lastRefreshAt = -Infinity;
  let refreshCount = 0;
  /** Settles when the retries sent after refreshes so far are answered. */
  let retries: Promise<unknown> = Promise.resolve();
  let gone = false;

  function refresh(): Promise<void> {
    refreshing ??= (async () => {
      refreshCount += 1;
      try {
        await client.post('/account/token/refresh', undefined, {
          timeout: SESSION_CALL_TIMEOUT,
          skipAuthRefresh: true,
          skipCancel: true,
        });
        lastRefreshAt = settings.now();
        gone = false;
        emitHttpEvent('token-refreshed', undefined);
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function revokeBody(): Record<string, string> {
    const query = new URLSearchParams(settings.search());
    const body: Record<string, string> = {};
    for (const key of ['client_id', 'redirect_uri']) {
      const value = query.get(key);
      if (value) body[key] = value;
    }
    return body;
  }

  async function revokeOnce(): Promise<string | undefined> {
    const response = await client.post<{ data?: { location?: string }; location?: string }>(
      '/account/token/revoke',
      revokeBody(),
      { skipAuthRefresh: true, skipCancel: true },
    );
    return response.data?.data?.location ?? response.data?.location ?? undefined;
  }

  function revoke(): Promise<void> {
    revoking ??= (async () => {
      let location: string | undefined;
      try {
        location = await revokeOnce();
      } catch (first) {
        emitHttpEvent('revoke-failed', first);
        try {
          location = await revokeOnce();
        } catch (second) {
          emitHttpEvent('revoke-failed', second);
        }
      }
      emitHttpEvent('logged-out', { location });
    })().finally(() => {
      revoking = null;
    });
    return revoking;
  }

  return {
    mayRecover(config) {
      if (config.isRetry || config.skipAuthRefresh || !settings.hasSession()) return false;
      if (config.url.includes('/account')) return false;
      if (/^\/?user$/.test(config.url) && onConsolePage(settings.pathname())) return false;
      return true;
    },
    async recover(sentAt) {
      if (gone) throw sessionGone();
      // Sent before the last refresh finished: the new token is there already.
      if (sentAt < lastRefreshAt && !refreshing) return;
      if (!refreshing) await retries;
      if (gone) throw sessionGone();
      try {
        await refresh();
      } catch (failure) {
        await revoke();
        throw failure;
      }
    },
    retried(retry) {
      const answered = retry.catch((error: { response?: { status?: number } }) => {
        gone ||= error.response?.status === 401;
      });
      retries = Promise.all([retries, answered]);
      return retry;
    },
    refresh,
    revoke,
    get refreshCount() {
      return refreshCount;
    },
  };
}
