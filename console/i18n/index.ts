import { LANGUAGE_KEY, preferredLanguage, setMessages, type Language } from '../../engine/i18n/i18n';

const catalogues = import.meta.glob<Record<string, string>>('./*.json', { import: 'default' });

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** Loads the chosen language's catalogue (its own chunk) before the first render. */
export async function loadLanguage(): Promise<Language> {
  const language = preferredLanguage(stored(), navigator.languages ?? []);
  const load = catalogues[`./${language}.json`];
  setMessages(language, load ? await load() : {});
  document.documentElement.lang = language === 'no' ? 'nb' : language;
  return language;
}

export function chooseLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
}
