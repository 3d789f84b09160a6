import { http, serverMessage } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import { needsEmail, session, type SessionUser } from '../../engine/session/user';
import { EMAIL_PROMPT_ID } from '../../engine/stores/modals';
import { confirm } from '../../engine/prompts/confirm';
import { showToast } from '../../engine/stores/toasts';
import { termsStep } from '../../engine/theme/theme';
import { theme } from '../theme/theme';
import { normalizeEmail } from '../../engine/fields/text';

/** Terms acceptance is kept in a dated local flag (shell spec §9). */
export const tosFlagKey = (userId: number) => `tos_accepted_${userId}`;

function markAccepted(user: SessionUser): void {
  localStorage.setItem(tosFlagKey(user.id), new Date().toISOString());
}

async function recordAcceptance(user: SessionUser): Promise<void> {
  await http.put('/account/user', { tos_accepted: true }, { skipCancel: true });
  markAccepted(user);
  if (session.user) session.user.tos_accepted = true;
}

/**
 * Terms of service (shell spec §4): the default theme opens the
 * data-agreement dialog; other themes record acceptance silently.
 */
export async function ensureTermsAccepted(user: SessionUser): Promise<void> {
  const step = termsStep(user, theme, Boolean(localStorage.getItem(tosFlagKey(user.id))));
  if (step === 'none') return;
  if (step === 'record') {
    await recordAcceptance(user).catch(() => undefined);
    return;
  }
  await confirm({
    id: 'data-agreement',
    title: t('Data processing agreement'),
    text: t(
      '{company} processes the data of your devices (identifiers, location, connection and usage data) to provide remote management. Accept the data processing agreement to continue.',
      { company: theme.companyName },
    ),
    confirmText: t('Accept'),
    cancelText: t('Later'),
    hideHeaderControls: true,
    minimizeDisable: true,
    useCancelResolve: true,
  }).then(async (accepted) => {
    if (accepted !== false) await recordAcceptance(user);
  });
}

const errorText = (error: unknown) => serverMessage(error);

/** The e-mail prompt: cannot be closed, only answered (forms spec §4). */
const askEmail = (value: string) =>
  confirm({
    id: EMAIL_PROMPT_ID,
    title: t('Add your e-mail address'),
    text: t('Your account has no e-mail address yet. Enter one to receive notifications and password resets.'),
    input: { label: t('E-mail'), type: 'email', value },
    confirmText: t('Save'),
    hideHeaderControls: true,
    minimizeDisable: true,
    closable: false,
  }) as Promise<string>;

/** The code the server mailed to the new address; this prompt cannot be closed either. */
const askCode = (email: string) =>
  confirm({
    id: `${EMAIL_PROMPT_ID}-code`,
    title: t('Verify your new e-mail address'),
    text: t('Enter the code we sent to {email}.', { email }),
    input: { label: t('Code'), type: 'text' },
    confirmText: t('Verify'),
    hideHeaderControls: true,
    minimizeDisable: true,
    closable: false,
  }) as Promise<string>;

/**
 * If the e-mail equals the username, the user is asked for an e-mail (shell
 * spec §4). The address changes only once the code mailed to it is entered; a
 * refused address or code shows the server's message and asks again.
 */
export async function ensureEmail(user: SessionUser): Promise<void> {
  if (!needsEmail(user)) return;
  let email = '';
  for (;;) {
    email = await askEmail(email);
    try {
      await http.put('/account/user', { email }, { skipCancel: true });
      const code = await askCode(email);
      const verified = await http.post<{ message?: string }>(
        '/account/user/email/verify',
        { code },
        { skipCancel: true },
      );
      if (session.user) session.user.email = normalizeEmail(email);
      showToast({ message: verified.data?.message ?? t('E-mail address changed successfully'), type: 'success' });
      return;
    } catch (error) {
      showToast({ message: errorText(error), type: 'error' });
    }
  }
}
