import { Link } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';

export function NotFound() {
  return (
    <main className="notice-page">
      <section className="notice-card" aria-labelledby="not-found">
        <h1 id="not-found">{t('Page not found')}</h1>
        <p>{t('The page you are looking for does not exist.')}</p>
        <Link to="/">{t('Back to the console')}</Link>
      </section>
    </main>
  );
}
