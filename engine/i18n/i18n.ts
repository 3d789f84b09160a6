/**
 * Interface strings (forms spec §1: en, no, ja, uk). Messages are keyed by
 * their English text, so the English catalogue is the identity and a missing
 * translation falls back to English. `{name}` placeholders are filled from
 * params; a `count` param picks the plural form (plural.ts).
 */
import { pluralForm } from './plural';

export const LANGUAGES = ['en', 'no', 'ja', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  no: 'Norsk',
  ja: '日本語',
  uk: 'Українська',
};
export const LANGUAGE_KEY = 'language';
/** Choosing a language reloads the page after this delay (forms spec §4). */
export const LANGUAGE_RELOAD_MS = 1000;

let messages: Record<string, string> = {};
let current: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function setMessages(language: Language, catalogue: Record<string, string>): void {
  current = language;
  messages = catalogue;
}

export function currentLanguage(): Language {
  return current;
}

export function t(text: string, params?: Record<string, string | number>): string {
  const found = messages[text] || text;
  // Without params the plural forms stay: a document text is counted when filled (countedText).
  if (!params) return found;
  const template = pluralForm(found, params.count, current);
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in params ? String(params[key]) : match));
}

/** t() for a counted text: "Delete {count} devices?" in the count's plural form. */
export function tn(text: string, count: number, params?: Record<string, string | number>): string {
  return t(text, { ...params, count });
}

/** A translated text with plural forms in the form for `count` (a document text filled later). */
export function countedText(text: string, count: unknown): string {
  return pluralForm(text, count, current);
}

/** Language from storage, else the browser's, else English. */
export function preferredLanguage(stored: string | null, browser: readonly string[] = []): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'nb' || base === 'nn') return 'no';
    if (isLanguage(base)) return base;
  }
  return 'en';
}
