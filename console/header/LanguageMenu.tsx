import { useState } from 'react';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, t } from '../../engine/i18n/i18n';
import { reloadAfter } from '../../engine/session/reload';
import { chooseLanguage } from '../i18n';
import { Submenu } from './Submenu';

/** Languages en, no, ja, uk; choosing one reloads after 1 s. */
export function LanguageMenu() {
  const [language, setLanguage] = useState(currentLanguage);
  return (
    <Submenu label={t('Languages')} detail={LANGUAGE_NAMES[currentLanguage()]}>
      <fieldset className="radio-list">
        <legend className="visually-hidden">{t('Languages')}</legend>
        {LANGUAGES.map((code) => (
          <label key={code} lang={code === 'no' ? 'nb' : code}>
            <input
              type="radio"
              name="language"
              value={code}
              checked={language === code}
              onChange={() => {
                setLanguage(code);
                chooseLanguage(code);
                reloadAfter('language');
              }}
            />
            {LANGUAGE_NAMES[code]}
          </label>
        ))}
      </fieldset>
    </Submenu>
  );
}
