// Wires the framework-free page actions (engine/pages/actions.ts) to the
// console: modals and forms, the HTTP client, the settings store, toasts and
// the action-status handoff for responses carrying meta.channel.
import type { PromptValues } from '../../engine/prompts/prompt-view';
import { confirm } from '../../engine/prompts/confirm';
import { openForm, openModal, openModalAsync } from '../../engine/stores/modals';
import { getSetting } from '../../engine/stores/settings';
import { showToast } from '../../engine/stores/toasts';
import type { ActionEnvironment, ActionResult } from '../../engine/pages/actions';
import { lookupOptions } from '../../engine/pages/lookup';
import { openConnectTab } from './connect-tab';
import { loadPromptView, pipelineEnvironment } from '../../engine/submit/environment';
import { sendingVerifier } from '../../engine/submit/mfa';
import { sendRequest } from '../../engine/submit/pipeline';
import { failureText, successText } from '../../engine/submit/result-text';
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
      if (result.channel) {
        openModal({
          title: result.action.label,
          component: 'DeviceSocketAction',
          props: { channel: result.channel, selection: result.ids },
        });
      } else if (result.request) {
        showToast({ message: successText(result.request, result.response), type: 'success' });
      }
      if (result.action.request?.after === 'restart') window.location.assign('/');
      else if (result.reload) reload();
    },
  };
}
