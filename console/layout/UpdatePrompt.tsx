import { useSnapshot } from 'valtio/react';
import { t } from '../../engine/i18n/i18n';
import { updateState } from './updateCheck';

/** The update prompt with a Later option. */
export function UpdatePrompt() {
  const { available } = useSnapshot(updateState);
  if (!available) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-title" aria-describedby="update-text">
      <strong id="update-title">{t('A new version is available')}</strong>
      <p id="update-text">{t('Reload the page to use the latest version of the console.')}</p>
      <div className="update-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={() => window.location.reload()}>
          {t('Reload')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => (updateState.available = false)}>
          {t('Later')}
        </button>
      </div>
    </div>
  );
}
