import { proxy } from 'valtio/vanilla';
import { onVersionReport, runsVersionCheck } from '../../engine/version/update-check';

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

/** The timestamp of the running build, fixed at build time (vite.config.ts). */
export const BUILD_TIMESTAMP = Number(import.meta.env.VITE_BUILD_TIMESTAMP) || 0;

/** The version worker script (shell spec §7), public/versionWorker.js. */
export const VERSION_WORKER_URL = '/versionWorker.js';

/** Starts the version worker; skipped on localhost or without workers. */
export function startVersionWorker(): void {
  if (!runsVersionCheck(window.location.hostname, typeof Worker !== 'undefined')) return;
  watchVersion(new Worker(VERSION_WORKER_URL));
}

/** Reads the worker's reports: stores the served build and its timestamp; a newer build prompts after 1 s. */
export function watchVersion(worker: EventTarget): void {
  worker.addEventListener('message', (event) => {
    const { version, timestamp } = (event as MessageEvent<VersionReport>).data;
    if (!timestamp) return;
    if (version) localStorage.setItem(APP_BUILD_KEY, version);
    const next = onVersionReport(
      Number(localStorage.getItem(VERSION_TIMESTAMP_KEY)) || null,
      timestamp,
      BUILD_TIMESTAMP,
    );
    if (next.store !== null) localStorage.setItem(VERSION_TIMESTAMP_KEY, String(next.store));
    if (next.prompt) {
      setTimeout(() => {
        updateState.available = true;
      }, UPDATE_PROMPT_DELAY);
    }
  });
}
