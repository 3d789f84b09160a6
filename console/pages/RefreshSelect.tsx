import { useId } from 'react';
import { REFRESH_INTERVALS } from '../../engine/pages/refresh';
import { t } from '../../engine/i18n/i18n';

/** Refresh interval select with the spec's options (10s to 24h). */
export function RefreshSelect({ value, onChange }: { value: number; onChange: (seconds: number) => void }) {
  const id = useId();
  return (
    <span className="page-field">
      <label htmlFor={id}>{t('Refresh')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        <option value={0}>{t('Off')}</option>
        {REFRESH_INTERVALS.map((option) => (
          <option key={option.seconds} value={option.seconds}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
