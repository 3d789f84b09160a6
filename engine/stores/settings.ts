import { proxy } from 'valtio/vanilla';
import { http } from '../http/client';

/** Page size of the settings load (forms spec §9). */
export const SETTINGS_PAGE_SIZE = 100;

/** The per-user settings store of forms spec §4 and §7 (contract 4), kept on /storage. */
export const settingsState = proxy<{ values: Record<string, unknown>; loaded: boolean }>({ values: {}, loaded: false });

interface StoredSetting {
  key: string;
  value: unknown;
}

/** Loaded at start-up; a failed load is ignored silently. */
export async function loadSettings(): Promise<void> {
  try {
    const response = await http.get<{ data?: StoredSetting[] }>('/storage', {
      params: { limit: SETTINGS_PAGE_SIZE },
      skipCancel: true,
    });
    const values: Record<string, unknown> = {};
    for (const item of response.data?.data ?? []) values[item.key] = item.value;
    settingsState.values = values;
  } catch {
    // Settings load failure: silent (forms spec §8).
  } finally {
    settingsState.loaded = true;
  }
}

/** Reads are served from the local copy only. */
export function getSetting<T = unknown>(key: string): T | undefined {
  return settingsState.values[key] as T | undefined;
}

/** An existing key is updated (PUT), a new key created (POST). */
export async function setSetting(key: string, value: unknown): Promise<void> {
  const exists = Object.prototype.hasOwnProperty.call(settingsState.values, key);
  const previous = settingsState.values[key];
  settingsState.values[key] = value;
  try {
    if (exists) await http.put(`/storage/${encodeURIComponent(key)}`, { value });
    else await http.post('/storage', { key, value });
  } catch (error) {
    if (exists) settingsState.values[key] = previous;
    else delete settingsState.values[key];
    throw error;
  }
}

/** Deleting removes the local entry first. */
export async function deleteSetting(key: string): Promise<void> {
  delete settingsState.values[key];
  await http.delete(`/storage/${encodeURIComponent(key)}`);
}
