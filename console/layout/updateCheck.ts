import { proxy } from 'valtio/vanilla';

/** Update prompt delay (shell spec §9). */
export const UPDATE_PROMPT_DELAY = 1000;
export const VERSION_TIMESTAMP_KEY = 'app_version_timestamp';
/** The served build reported by the worker (its entry script). */
export const APP_BUILD_KEY = 'app_build';

export const updateState = proxy({ available: false });

export interface VersionReport {
  version: string | null;
  timestamp: number | null;
}

/**
 * Whether to prompt: the stored timestamp is older than the new one, and the
 * new one is later than the fixed build timestamp (shell spec §4).
 */
export function shouldPrompt(stored: number | null, reported: number, buildTimestamp: number): boolean {
  return (stored === null || stored < reported) && reported > buildTimestamp;
}

/** The timestamp of the running build, fixed at build time (vite.config.ts). */
export const BUILD_TIMESTAMP = Number(import.meta.env.VITE_BUILD_TIMESTAMP) || 0;

/**
 * What a worker report changes: the stored timestamp moves forward to the
 * newest one seen, and the prompt appears when shouldPrompt says so.
 */
export function onVersionReport(
  stored: number | null,
  reported: number,
  buildTimestamp: number = BUILD_TIMESTAMP,
): { store: number | null; prompt: boolean } {
  return {
    store: stored === null || reported > stored ? reported : null,
    prompt: shouldPrompt(stored, reported, buildTimestamp),
  };
}

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Starts the version worker; skipped on localhost or without workers. */
export function startVersionWorker(): void {
  if (isLocalhost(window.location.hostname) || typeof Worker === 'undefined') return;
  const worker = new Worker('/versionWorker.js');
  worker.addEventListener('message', (event: MessageEvent<VersionReport>) => {
    const { version, timestamp } = event.data;
    if (!timestamp) return;
    if (version) localStorage.setItem(APP_BUILD_KEY, version);
    const next = onVersionReport(Number(localStorage.getItem(VERSION_TIMESTAMP_KEY)) || null, timestamp);
    if (next.store !== null) localStorage.setItem(VERSION_TIMESTAMP_KEY, String(next.store));
    if (next.prompt) {
      setTimeout(() => {
        updateState.available = true;
      }, UPDATE_PROMPT_DELAY);
    }
  });
}
