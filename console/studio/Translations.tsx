import { useState } from 'react';
import { LANGUAGE_NAMES, t, type Language } from '../../engine/i18n/i18n';
import { documentTexts } from '../../engine/schema/translate-form';
import type { FormDocument } from '../../engine/schema/types';
import { loadCatalogue } from '../i18n';
import { useLoaded } from './useLoaded';

// The document's texts in one language beside the editor: each English text, the
// console catalogue's translation (what operators see without one of the
// document's own) and the document's own translation, edited here and written
// into the draft's `translations`.

type Translations = NonNullable<FormDocument['translations']>;

const TRANSLATED: Language[] = ['no', 'ja', 'uk'];

export function TranslationsPanel({ doc, onChange }: { doc: FormDocument; onChange(next: Translations): void }) {
  const [language, setLanguage] = useState<Language>('no');
  const catalogue = useLoaded(language, loadCatalogue);
  const own = doc.translations?.[language] ?? {};

  function set(text: string, value: string) {
    const { [text]: _dropped, ...rest } = own;
    const next = value ? { ...rest, [text]: value } : rest;
    const { [language]: _old, ...others } = doc.translations ?? {};
    onChange(Object.keys(next).length ? { ...others, [language]: next } : others);
  }

  return (
    <section className="studio-translations" aria-label={t('Translations')}>
      <label>
        {t('Language')}
        <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
          {TRANSLATED.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('English')}</th>
            <th scope="col">{t('This document')}</th>
          </tr>
        </thead>
        <tbody>
          {documentTexts(doc).map((text) => (
            <tr key={text}>
              <th scope="row">{text}</th>
              <td>
                <input
                  className="fc-input"
                  lang={language === 'no' ? 'nb' : language}
                  aria-label={t('{text} in {language}', { text, language: LANGUAGE_NAMES[language] })}
                  value={own[text] ?? ''}
                  placeholder={catalogue?.[text] ?? ''}
                  onChange={(e) => set(text, e.target.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="studio-hint">
        {t('An empty box shows the translation of the console (grey) or, without one, the English text.')}
      </p>
    </section>
  );
}
