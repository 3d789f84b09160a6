import { APP_VERSION_KEY } from '../http/client';

/**
 * Stores the running build's version, which every request then carries in the
 * version header (shell spec: "the stored app version"). Written whenever it
 * differs, so a browser that ran an older build sends the new version after
 * an upgrade instead of the one it stored first.
 */
export function storeAppVersion(storage: Pick<Storage, 'getItem' | 'setItem'>, version: string): void {
  if (storage.getItem(APP_VERSION_KEY) !== version) storage.setItem(APP_VERSION_KEY, version);
}
