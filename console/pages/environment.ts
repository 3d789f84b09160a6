// Wires the framework-free page actions (engine/pages/actions.ts) to the
// console: modals and forms, the HTTP client, the settings store, toasts and
// the action-status handoff for responses carrying meta.channel.
import { http, isHttpError, firstErrorItem } from '../../engine/http/client';
import { confirm, openForm, openModal } from '../../engine/stores/modals';
import { getSetting } from '../../engine/stores/settings';
import { showToast } from '../../engine/stores/toasts';
import type { ActionEnvironment, ActionResult } from '../../engine/pages/actions';
import { lookupOptions } from '../../engine/pages/lookup';

const promptDocuments = import.meta.glob<{ title: string; description?: string; confirmText?: string }>(
  '../../schemas/prompts/*.json',
  { import: 'default' },
);

async function openPrompt(name: string, options: Record<string, unknown>): Promise<unknown> {
  const load = promptDocuments[`../../schemas/prompts/${name}.json`];
  const doc = load ? await load() : undefined;
  if (!doc) return openForm(name, options);
  return confirm({ title: doc.title, text: doc.description, confirmText: doc.confirmText, prompt: true });
}

function errorMessage(error: unknown): string {
  if (isHttpError(error)) {
    const item = firstErrorItem(error.data);
    if (item?.message) return item.message;
    return `Failed to complete the action (${error.statusText || error.status || error.message})`;
  }
  return error instanceof Error ? error.message : 'Server error';
}

export function pageEnvironment(navigate: (path: string) => void, reload: () => void): ActionEnvironment {
  return {
    openForm: (name, options) => openForm(name, options),
    openPrompt,
    confirm: (descriptor) => confirm(descriptor),
    request: (config) => http.request(config),
    navigate,
    getSetting: (key) => getSetting(key),
    lookupOptions: (lookup) => lookupOptions(lookup),
    done(result: ActionResult) {
      if (result.kind === 'failed') showToast({ message: errorMessage(result.error), type: 'error' });
      if (result.kind !== 'submitted') return;
      if (result.channel) {
        openModal({
          title: result.action.label,
          component: 'DeviceSocketAction',
          props: { channel: result.channel, selection: result.ids },
        });
      } else if (result.action.request) {
        const message = (result.response as { message?: unknown } | undefined)?.message;
        showToast({ message: typeof message === 'string' ? message : `${result.action.label}: done`, type: 'success' });
      }
      if (result.action.request?.after === 'restart') window.location.assign('/');
      else if (result.reload) reload();
    },
  };
}
