import { mapServerErrors } from '../errors/map-server-errors';
import { resultMessage } from '../errors/result-message';
import { http } from '../http/client';
import { t } from '../i18n/i18n';
import { isHttpError } from '../http/errors';
import { loadPromptDocument } from '../schema/registry';
import { openModal, openModalAsync, type ModalComponentName } from '../stores/modals';
import { showToast } from '../stores/toasts';
import { emitReloadData } from './events';
import type { MfaChallenge } from './failure';
import type { SubmitEnvironment } from './machine';
import type { PipelineEnvironment } from './pipeline';
import type { PromptValues, PromptView } from '../prompts/prompt-view';

// The app's submit environment: dialogs through the modal store (by component
// name, rendered by renderer/modals), toasts, the HTTP client, the engine's
// error mapping and result messages, reload events.

/** The code prompt component of each MFA method. */
export const MFA_COMPONENTS: Record<string, ModalComponentName> = {
  totp: 'MfaTOTP',
  teltonika_id: 'MfaID',
  email: 'MfaEmail',
};
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

/** A prompt document as its dialog shows it; a missing document is an error of the installation. */
export async function loadPromptView(name: string): Promise<PromptView> {
  const doc = await loadPromptDocument(name);
  if (!doc) throw new Error(`No prompt document prompts/${name}.json`);
  // Its compiler (with the validators) loads with the first prompt, not with the pages that may open one.
  const { promptView } = await import('../prompts/prompt-view');
  return promptView(doc);
}

/** The value of a prompt's first field (the code of the verification prompt). */
const firstValue = (view: PromptView, values: PromptValues) => String(values[view.fields[0].key] ?? '');

/** The request pipeline's dialogs (code prompt, password confirmation) through the modal store. */
export function pipelineEnvironment(): PipelineEnvironment {
  return {
    http,
    async askMfaCode(challenge: MfaChallenge, verify) {
      const prompt = await loadPromptView('verification-code');
      return openModalAsync({
        id: MFA_MODAL_ID,
        title: prompt.title,
        subtitle: prompt.subtitle,
        component: MFA_COMPONENTS[challenge.method],
        props: {
          prompt,
          verify: (values: PromptValues) => verify(firstValue(prompt, values)),
          message: challenge.message,
          method: challenge.method,
        },
        minimizeDisable: true,
      }).result;
    },
    async askPassword(message, confirm) {
      const prompt = await loadPromptView('password-confirmation');
      return openModalAsync({
        id: PASSWORD_MODAL_ID,
        title: prompt.title,
        subtitle: prompt.subtitle,
        component: 'PasswordConfirmation',
        props: { prompt, message, confirm },
        minimizeDisable: true,
      }).result;
    },
  };
}

/**
 * The action status dialog following an asynchronous result's channel (a form's, a page action's), over the
 * devices of the selection.
 */
export function openActionStatus(channel: string, selection: unknown[] | undefined, title = t('Action status')) {
  openModal({ id: ACTION_STATUS_MODAL_ID, title, component: 'DeviceSocketAction', props: { channel, selection } });
}

export function createSubmitEnvironment(options: EnvironmentOptions): SubmitEnvironment {
  return {
    ...pipelineEnvironment(),
    toast: showToast,
    openActionStatus,
    openErrorModal(messages) {
      openModal({ id: 'error', title: t('Error'), component: 'Error', props: { messages } });
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
