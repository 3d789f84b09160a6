import { afterEach, describe, expect, it } from 'vitest';
import { preferredLanguage, setMessages, t } from './i18n';

afterEach(() => setMessages('en', {}));

describe('i18n', () => {
  it('translates by English key, fills params and falls back to English', () => {
    setMessages('no', { 'Hello {name}': 'Hei {name}' });
    expect(t('Hello {name}', { name: 'Ada' })).toBe('Hei Ada');
    expect(t('Untranslated')).toBe('Untranslated');
  });

  it('prefers the stored language, then the browser language', () => {
    expect(preferredLanguage('ja', ['uk'])).toBe('ja');
    expect(preferredLanguage(null, ['nb-NO'])).toBe('no');
    expect(preferredLanguage('xx', ['uk-UA'])).toBe('uk');
    expect(preferredLanguage(null, ['de'])).toBe('en');
  });
});
