import { LANGUAGE_KEY, preferredLanguage, setMessages, type Language } from '../../engine/i18n/i18n';

// English is the source language: its catalogue holds only the texts that differ
// from their key, the counted ones with their one/other forms ("Delete 1 device?"),
// so the first load of an English console fetches a few hundred bytes of it.
const catalogues = import.meta.glob<Record<string, string>>('./*.json', { import: 'default' });

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** A language's catalogue (its own chunk), keyed by the English text. */
export async function loadCatalogue(language: Language): Promise<Record<string, string>> {
  const load = catalogues[`./${language}.json`];
  return load ? load() : {};
}

/** Loads the chosen language's catalogue before the first render. */
export async function loadLanguage(): Promise<Language> {
  const language = preferredLanguage(stored(), navigator.languages ?? []);
  setMessages(language, await loadCatalogue(language));
  document.documentElement.lang = language === 'no' ? 'nb' : language;
  return language;
}

export function chooseLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
}
