import type { ErrorItem } from '../contract/error-item';
import type { HttpError } from './errors';

/**
 * Events of the HTTP layer the app reacts to (shell spec §4, §8): a finished
 * token refresh, a local logout, an error code handled globally, a failed
 * revoke attempt (counted towards the maintenance screen) and any call that
 * failed after the client's own recovery (the header's error widget; a
 * cancelled call is not one).
 */
export interface HttpEventMap {
  'token-refreshed': void;
  'logged-out': { location?: string };
  'global-error': Partial<ErrorItem>;
  'revoke-failed': unknown;
  'request-failed': HttpError;
}

type Listener<T> = (payload: T) => void;

const listeners = new Map<keyof HttpEventMap, Set<Listener<never>>>();

export function onHttpEvent<K extends keyof HttpEventMap>(name: K, listener: Listener<HttpEventMap[K]>): () => void {
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(listener as Listener<never>);
  return () => set.delete(listener as Listener<never>);
}

export function emitHttpEvent<K extends keyof HttpEventMap>(name: K, payload: HttpEventMap[K]): void {
  for (const listener of listeners.get(name) ?? []) (listener as Listener<HttpEventMap[K]>)(payload);
}
