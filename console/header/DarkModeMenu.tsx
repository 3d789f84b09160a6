import { useSnapshot } from 'valtio/react';
import { t } from '../../engine/i18n/i18n';
import type { DarkMode } from '../../engine/theme/dark-mode';
import { darkModeState, setDarkMode } from '../theme/darkMode';
import { Submenu } from './Submenu';

const options: { value: DarkMode; label: string }[] = [
  { value: 'auto', label: 'Auto' },
  { value: 'enable', label: 'Enable' },
  { value: 'disable', label: 'Disable' },
];

/** Dark mode: Auto (follows the operating system), Enable, Disable. */
export function DarkModeMenu() {
  const { mode } = useSnapshot(darkModeState);
  const current = options.find((option) => option.value === mode)?.label ?? 'Auto';
  return (
    <Submenu label={t('Dark mode')} detail={t(current)}>
      <fieldset className="radio-list">
        <legend className="visually-hidden">{t('Dark mode')}</legend>
        {options.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="dark-mode"
              value={option.value}
              checked={mode === option.value}
              onChange={() => setDarkMode(option.value)}
            />
            {t(option.label)}
          </label>
        ))}
      </fieldset>
    </Submenu>
  );
}
