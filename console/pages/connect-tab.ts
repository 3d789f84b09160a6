import { http } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import { showToast } from '../../engine/stores/toasts';

// Connect: a new RMS Connect session on a remote access entry, its page (with
// the link key) in a new tab. The tab opens at the click (a tab opened after
// the answer would be taken for a pop-up) and goes to the link once it comes.

export async function openConnectTab(entryId: number | string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  try {
    const response = await http.post<{ data: { url: string } }>('/remote/links', { remote_access_id: Number(entryId) });
    const url = response.data!.data.url;
    if (tab) tab.location.href = url;
    else window.location.href = url;
  } catch {
    tab?.close();
    showToast({ message: t('Failed to connect to server'), type: 'error' });
  }
}
