import { http } from '../../engine/http/client';

/** Cancelling impersonation refreshes the token and reloads the page (shell spec §4). */
export async function cancelImpersonation(): Promise<void> {
  await http.post('/user/cancel-impersonation', undefined, { skipCancel: true });
  await http.recovery.refresh();
  window.location.reload();
}
