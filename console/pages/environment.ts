// Wires the framework-free page actions (engine/pages/actions.ts) to the
// console: modals and forms, the HTTP client, the settings store, and the
// outcome of a request as a form's submission has it (engine/submit/outcome.ts:
// the action-status handoff for meta.channel, the success toast), failure
// toasts in their words.
import type { PromptValues } from '../../engine/prompts/prompt-view';
import { confirm } from '../../engine/prompts/confirm';
import { openForm, openModalAsync } from '../../engine/stores/modals';
import { getSetting } from '../../engine/stores/settings';
import { showToast } from '../../engine/stores/toasts';
import type { ActionEnvironment, ActionResult } from '../../engine/pages/actions';
import { lookupOptions } from '../../engine/pages/lookup';
import { openConnectTab } from './connect-tab';
import { loadPromptView, openActionStatus, pipelineEnvironment } from '../../engine/submit/environment';
import { sendingVerifier } from '../../engine/submit/mfa';
import { sendRequest } from '../../engine/submit/pipeline';
import { failureText } from '../../engine/submit/result-text';
import { settleSuccess, type OutcomeEnvironment } from '../../engine/submit/outcome';
import { resultMessage } from '../../engine/errors/result-message';
import { downloadFile } from '../../renderer/files/downloadFile';

/**
 * A page action's prompt document: its dialog collects the fields; with an endpoint Confirm sends them
 * through the request pipeline (a refused value keeps the prompt open), else it returns them.
 */
async function openPrompt(name: string): Promise<unknown> {
  const prompt = await loadPromptView(name);
  const { endpoint } = prompt;
  const send = endpoint
    ? sendingVerifier((values: PromptValues) =>
        sendRequest({ method: prompt.method, url: endpoint, data: values }, pipelineEnvironment()).then(
          (response) => response.data,
        ),
      )
    : undefined;
  return openModalAsync({
    title: prompt.title,
    subtitle: prompt.subtitle,
    component: 'DocumentPrompt',
    props: { prompt, send },
    minimizeDisable: true,
  }).result;
}

/** A page action's outcome shows as a form's does; the action has no dialog of its own to close. */
const outcome: OutcomeEnvironment = { toast: showToast, openActionStatus, close: () => undefined };

export function pageEnvironment(navigate: (path: string) => void, reload: () => void): ActionEnvironment {
  return {
    openForm: (name, options) => openForm(name, options),
    openPrompt: (name) => openPrompt(name),
    confirm: (descriptor) => confirm(descriptor),
    request: (config) => sendRequest(config, pipelineEnvironment()),
    navigate,
    download: (url) => downloadFile(url),
    connect: (entryId) => void openConnectTab(entryId),
    getSetting: (key) => getSetting(key),
    lookupOptions: (lookup) => lookupOptions(lookup),
    done(result: ActionResult) {
      if (result.kind === 'failed') {
        const request = result.request ?? { method: 'get', url: '' };
        showToast({ message: failureText(request, result.error), type: 'error' });
      }
      if (result.kind !== 'submitted') return;
      // The form's own outcome path; a form or prompt closed its dialog and showed its toast itself.
      const { request, response } = result;
      const rules = { hideMsg: !request, selection: result.ids, title: result.action.label };
      const fallback = () => resultMessage({ ok: true, method: request?.method ?? 'get', url: request?.url ?? '' });
      settleSuccess({ data: response }, rules, fallback, outcome);
      if (result.action.request?.after === 'restart') window.location.assign('/');
      else if (result.reload) reload();
    },
  };
}
