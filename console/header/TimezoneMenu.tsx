import { useEffect, useId, useMemo, useState } from 'react';
import { t } from '../../engine/i18n/i18n';
import { runtimeTimeZoneChoices } from '../../engine/i18n/time-zones';
import { reloadAfter } from '../../engine/session/reload';
import { showToast } from '../../engine/stores/toasts';
import { Submenu } from './Submenu';
import { browserTimezone, formatClock, systemTimezone, TIMEZONE_KEY } from '../i18n/time';
import { http } from '../../engine/http/client';

function Clock({ zone, label }: { zone: string; label: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="clock">
      <span className="muted">{label}</span> <time>{formatClock(now, zone)}</time>
    </p>
  );
}

export function TimezoneMenu() {
  const current = systemTimezone();
  const [zone, setZone] = useState(current);
  const options = useMemo(runtimeTimeZoneChoices, []);
  const selectId = useId();

  // The zone is kept with the account (PUT /account/user), so it follows the user to every browser.
  async function save(value: string | null) {
    try {
      await http.put('/account/user', { time_zone: value });
    } catch {
      setZone(current);
      showToast({ message: t('The time zone could not be saved. Please try again.'), type: 'error' });
      return;
    }
    localStorage.removeItem(TIMEZONE_KEY);
    if (value) showToast({ message: t('Timezone updated successfully'), type: 'success' });
    else showToast({ message: t('The default timezone is used'), type: 'info' });
    reloadAfter('timezone');
  }

  function choose(value: string) {
    setZone(value);
    void save(value);
  }

  function reset() {
    setZone(browserTimezone());
    void save(null);
  }

  return (
    <Submenu label={t('System timezone')} detail={current}>
      <p className="muted">{t('Your time zone, kept with your account: dates and exports use it in every browser.')}</p>
      <label htmlFor={selectId} className="field-label">
        {t('Timezone')}
      </label>
      <select id={selectId} value={zone} onChange={(event) => choose(event.target.value)}>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <Clock zone={zone} label={zone} />
      <Clock zone="UTC" label="UTC" />
      <button type="button" className="btn btn-small" onClick={reset}>
        {t('Reset system timezone')}
      </button>
    </Submenu>
  );
}
