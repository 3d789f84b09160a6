import { useEffect, useState } from 'react';
import { t } from '../../engine/i18n/i18n';

/** The session's time left, counted down each second (the server ends the session when it runs out). */
export function TimeLeft({ endsAt }: { endsAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.round((endsAt - now) / 1000));
  const minutes = Math.floor(seconds / 60);
  const time = `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <span className="connect-time" role="timer" aria-live="off">
      {t('Session ends in {time}', { time })}
    </span>
  );
}
