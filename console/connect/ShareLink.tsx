import { t } from '../../engine/i18n/i18n';
import { showToast } from '../../engine/stores/toasts';

/** Copies the page's link (with its key) for someone else to open until the session ends. */
export function ShareLink() {
  const copy = () =>
    void navigator.clipboard
      ?.writeText(window.location.href)
      .then(() => showToast({ message: t('Copied'), type: 'success' }))
      .catch(() => undefined);
  return (
    <button
      className="fc-btn"
      type="button"
      onClick={copy}
      title={t('Anyone with the link can connect until the session ends.')}
    >
      {t('Copy link')}
    </button>
  );
}
