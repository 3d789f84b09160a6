import { mapServerErrors } from '../errors/map-server-errors';
import { resultMessage } from '../errors/result-message';
import { http } from '../http/client';
import { isHttpError } from '../http/errors';
import { loadPromptDocument } from '../schema/registry';
import { openModal, openModalAsync } from '../stores/modals';
import { showToast } from '../stores/toasts';
import { emitReloadData } from './events';
import type { MfaChallenge } from './failure';
import type { SubmitEnvironment } from './machine';

// The app's submit environment: dialogs through the modal store (by component
// name, rendered by renderer/modals), toasts, the HTTP client, the engine's
// error mapping and result messages, reload events.

/** The code prompt component of each MFA method. */
export const MFA_COMPONENTS: Record<string, string> = { totp: 'MfaTOTP', teltonika_id: 'MfaID', email: 'MfaEmail' };
export const MFA_MODAL_ID = 'mfa-verification';
export const PASSWORD_MODAL_ID = 'password-confirmation';
export const ACTION_STATUS_MODAL_ID = 'device-socket-action';

export interface EnvironmentOptions {
  /** The form document name (reload events carry it). */
  form?: string;
  /** Item and verb of the form document, for the result messages. */
  item?: string;
  verb?: string;
  /** Key of the form's file field (upload errors land on it). */
  fileField?: string;
  /** Keys of the document's fields the user lacks the permission for: their errors are hidden too. */
  hiddenKeys?: readonly string[];
  close(result: unknown): void;
  navigateBack(): void;
}

async function promptTitle(name: string, fallback: string): Promise<{ title: string; description?: string }> {
  try {
    const doc = await loadPromptDocument(name);
    return { title: doc?.title ?? fallback, description: doc?.description };
  } catch {
    return { title: fallback };
  }
}

export function createSubmitEnvironment(options: EnvironmentOptions): SubmitEnvironment {
  return {
    http,
    toast: showToast,
    async askMfaCode(challenge: MfaChallenge, verify) {
      const { title } = await promptTitle('verification-code', 'Verification');
      return openModalAsync({
        id: MFA_MODAL_ID,
        title,
        component: MFA_COMPONENTS[challenge.method],
        props: { verify, message: challenge.message, method: challenge.method },
        minimizeDisable: true,
      }).result;
    },
    async askPassword(message, confirm) {
      const { title } = await promptTitle('password-confirmation', 'Password confirmation');
      return openModalAsync({
        id: PASSWORD_MODAL_ID,
        title,
        component: 'PasswordConfirmation',
        props: { message, confirm },
        minimizeDisable: true,
      }).result;
    },
    openActionStatus(channel, selection, title = 'Action status') {
      openModal({ id: ACTION_STATUS_MODAL_ID, title, component: 'DeviceSocketAction', props: { channel, selection } });
    },
    openErrorModal(messages) {
      openModal({ id: 'error', title: 'Error', component: 'Error', props: { messages } });
    },
    mapErrors: (items, fieldKeys) =>
      mapServerErrors(items, fieldKeys, { fileField: options.fileField, hiddenKeys: options.hiddenKeys }),
    successMessage: (request) =>
      resultMessage({ ok: true, method: request.method, url: request.url, item: options.item, verb: options.verb }),
    failureMessage: (request, error) =>
      resultMessage({
        ok: false,
        method: request.method,
        url: request.url,
        item: options.item,
        verb: options.verb,
        statusText: isHttpError(error) ? error.statusText : undefined,
        code: isHttpError(error) ? (error.status ?? error.code) : undefined,
      }),
    close: options.close,
    navigateBack: options.navigateBack,
    emitReload: (tableRef) => emitReloadData({ tableRef, form: options.form }),
  };
}
