import { t } from '../../engine/i18n/i18n';
import { OFFLINE_PAGE } from '../../engine/session/startup-step';
import { showToast } from '../../engine/stores/toasts';

const REDIRECT_DELAY_MS = 1500;

let offlineHtml: string | null = null;

/** Keeps the offline page in memory: once the network is gone it cannot be fetched. */
export function preloadOfflinePage(): void {
  fetch(OFFLINE_PAGE, { credentials: 'same-origin' })
    .then((response) => (response.ok ? response.text() : null))
    .then((html) => {
      offlineHtml = html;
    })
    .catch(() => undefined);
}

/** Shows the offline page at its address, from memory when the network is down. */
export function goOffline(): void {
  if (!offlineHtml) {
    window.location.assign(OFFLINE_PAGE);
    return;
  }
  window.history.replaceState(null, '', OFFLINE_PAGE);
  document.open();
  document.write(offlineHtml);
  document.close();
}

/** Going offline: toast, then the offline page (shell spec §4, §8). */
export function watchConnection(): void {
  preloadOfflinePage();
  window.addEventListener('offline', () => {
    showToast({ message: t('The network connection has been lost'), type: 'error' });
    setTimeout(goOffline, REDIRECT_DELAY_MS);
  });
}
