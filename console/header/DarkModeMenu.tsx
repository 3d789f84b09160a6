import { useSnapshot } from 'valtio/react';
import { t } from '../../engine/i18n/i18n';
import type { DarkMode } from '../../engine/theme/dark-mode';
import { darkModeState, setDarkMode } from '../theme/darkMode';
import { Submenu } from './Submenu';

const options = (): { value: DarkMode; label: string }[] => [
  { value: 'auto', label: t('Auto') },
  { value: 'enable', label: t('Enable') },
  { value: 'disable', label: t('Disable') },
];

/** Dark mode: Auto (follows the operating system), Enable, Disable. */
export function DarkModeMenu() {
  const { mode } = useSnapshot(darkModeState);
  const choices = options();
  const current = choices.find((option) => option.value === mode)?.label;
  return (
    <Submenu label={t('Dark mode')} detail={current}>
      <fieldset className="radio-list">
        <legend className="visually-hidden">{t('Dark mode')}</legend>
        {choices.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="dark-mode"
              value={option.value}
              checked={mode === option.value}
              onChange={() => setDarkMode(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </Submenu>
  );
}
