import { LANGUAGE_RELOAD_MS } from '../i18n/i18n';

/** The page reloads that apply a new preference: the timezone after 300 ms, the language after 1 s (forms spec §4, §9). */
const PREFERENCE_RELOAD_MS = { timezone: 300, language: LANGUAGE_RELOAD_MS } as const;

/** Reloads the page once the preference's delay has passed (its toast shows meanwhile). */
export function reloadAfter(
  preference: keyof typeof PREFERENCE_RELOAD_MS,
  reload: () => void = () => globalThis.location.reload(),
): ReturnType<typeof setTimeout> {
  return setTimeout(reload, PREFERENCE_RELOAD_MS[preference]);
}
