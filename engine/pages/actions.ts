// Runs a page action: opens a registered form or prompt, follows a link,
// downloads a file, opens an RMS Connect session, or calls an endpoint after a
// confirmation prompt. The environment (modals,
// HTTP, settings, navigation, toasts) is injected so the rules stay testable.
import { resolveObject, resolvePath, resolveTemplate, type Scope } from './template';
import { countedText } from '../i18n/i18n';
import { reminderOff } from './preferences';
import type { PageAction, PageLookup, PageOption, PageRequest } from './types';
import { isSubmitCancelled } from '../submit/pipeline';
import { envelopeChannel } from '../contract/envelope';

export interface ActionEnvironment {
  openForm(name: string, options: Record<string, unknown>): Promise<unknown>;
  openPrompt(name: string, options: Record<string, unknown>): Promise<unknown>;
  confirm(descriptor: Record<string, unknown>): Promise<unknown>;
  /** Sends through the engine's request pipeline (MFA, 423 password confirmation). */
  request(config: { method: string; url: string; data?: unknown }): Promise<{ data: unknown }>;
  navigate(path: string): void;
  /** The file download of forms spec §7 (GET, blob, Content-Disposition name); false when it failed (the toast said why). */
  download(url: string): Promise<boolean>;
  /** Opens an RMS Connect session on a remote access entry and its page in a new tab (called within the click). */
  connect(entryId: string): void;
  getSetting(key: string): unknown;
  /** Options of a lookup (limit 100) for a prompt's select box. */
  lookupOptions(lookup: PageLookup): Promise<PageOption[]>;
  /** Success/failure feedback and the action-channel handoff. */
  done(result: ActionResult): void;
}

export type ActionResult =
  | {
      kind: 'submitted';
      reload: boolean;
      response?: unknown;
      channel?: string;
      action: PageAction;
      ids?: (string | number)[];
      /** The request an endpoint action sent (for its result message). */
      request?: SentRequest;
    }
  | { kind: 'cancelled'; action: PageAction }
  | { kind: 'failed'; error: unknown; action: PageAction; request?: SentRequest }
  | { kind: 'navigated'; action: PageAction }
  | { kind: 'downloaded'; action: PageAction };

export interface SentRequest {
  method: string;
  url: string;
}

export interface ActionTarget {
  /** The row of a row action. */
  row?: Record<string, unknown>;
  /** Selected ids of a bulk action. */
  ids?: (string | number)[];
  /** Route parameters (company_id, id, ...). */
  params?: Record<string, string | undefined>;
}

export function actionScope(target: ActionTarget): Scope {
  const ids = target.ids ?? [];
  return { ...target.params, ...target.row, $ids: ids, count: ids.length, row: target.row ?? {} };
}

/** The request body, shaped as the spec's bulk payloads when the action runs over a selection. */
export function requestBody(request: PageRequest, scope: Scope, ids: readonly (string | number)[]): unknown {
  const body = resolveObject(request.body, scope);
  const idKey = request.idKey ?? 'device_id';
  if (request.bulk === 'list') return { [idKey]: [...ids], ...body };
  if (request.bulk === 'data') return { data: ids.map((id) => ({ [idKey]: id, ...body })) };
  return request.body ? body : undefined;
}

/** The confirmation descriptor, or undefined when the user turned the reminder off (and no choice is needed). */
export async function confirmDescriptor(
  action: PageAction,
  scope: Scope,
  env: Pick<ActionEnvironment, 'getSetting' | 'lookupOptions'>,
): Promise<Record<string, unknown> | undefined> {
  const c = action.confirm;
  if (!c) return undefined;
  if (!c.selectBox && c.reminderKey && reminderOff(env.getSetting(c.reminderKey))) return undefined;
  const selectBox = c.selectBox && {
    label: c.selectBox.label,
    required: true,
    options: c.selectBox.options ?? (c.selectBox.lookup ? await env.lookupOptions(c.selectBox.lookup) : []),
  };
  const descriptor: Record<string, unknown> = {
    selectBox,
    title: resolveTemplate(countedText(c.title, scope.count), scope),
    text: c.text ? resolveTemplate(countedText(c.text, scope.count), scope) : undefined,
    confirmText: c.confirmText,
    cancelText: c.cancelText,
    reminderKey: c.selectBox ? undefined : c.reminderKey,
    prompt: true,
    useCancelResolve: true,
  };
  // Absent keys, not undefined ones: the prompt's defaults (Confirm, Cancel) must apply.
  return Object.fromEntries(Object.entries(descriptor).filter(([, v]) => v !== undefined));
}

export async function runAction(
  action: PageAction,
  target: ActionTarget,
  env: ActionEnvironment,
): Promise<ActionResult> {
  const scope = actionScope(target);
  const finish = (result: ActionResult) => {
    env.done(result);
    return result;
  };
  let sent: SentRequest | undefined;
  try {
    if (action.href) {
      const path = resolvePath(action.href, scope);
      if (!path) return finish({ kind: 'cancelled', action });
      env.navigate(path);
      return finish({ kind: 'navigated', action });
    }
    if (action.download) {
      const url = resolvePath(action.download, scope);
      if (!url || !(await env.download(url))) return finish({ kind: 'cancelled', action });
      return finish({ kind: 'downloaded', action });
    }
    if (action.connect) {
      const entryId = resolveTemplate(action.connect, scope);
      if (entryId === undefined || entryId === null || entryId === '') return finish({ kind: 'cancelled', action });
      env.connect(String(entryId));
      return finish({ kind: 'navigated', action });
    }
    const data = resolveObject(action.data, scope);
    const options: Record<string, unknown> = { data, reload: false };
    if (target.ids?.length) options.selection = target.ids;
    if (typeof data.company_id === 'string' || typeof data.company_id === 'number')
      options.company_id = data.company_id;
    if (target.row && target.row.id !== undefined) options.id = target.row.id;
    if (action.form || action.prompt) {
      const result = action.form
        ? await env.openForm(action.form, options)
        : await env.openPrompt(action.prompt!, options);
      if (result === undefined || result === false) return finish({ kind: 'cancelled', action });
      return finish({ kind: 'submitted', reload: true, response: result, channel: envelopeChannel(result), action });
    }
    if (!action.request) return finish({ kind: 'cancelled', action });
    const descriptor = await confirmDescriptor(action, scope, env);
    if (descriptor) {
      const ok = await env.confirm(descriptor);
      if (ok === false || ok === undefined || ok === null || ok === '') return finish({ kind: 'cancelled', action });
      if (descriptor.selectBox) {
        const options = (descriptor.selectBox as { options: PageOption[] }).options;
        scope.$selected = options.find((o) => String(o.value) === String(ok))?.value ?? ok;
      }
    }
    const url = resolvePath(action.request.path, scope);
    if (!url) return finish({ kind: 'cancelled', action });
    const body = requestBody(action.request, scope, target.ids ?? []);
    sent = { method: action.request.method, url };
    const response = await env.request({ ...sent, data: body });
    return finish({
      kind: 'submitted',
      reload: true,
      response: response.data,
      channel: envelopeChannel(response.data),
      action,
      ids: target.ids,
      request: sent,
    });
  } catch (error) {
    const dismissed = (error as Error | undefined)?.name === 'ModalDismissedError' || isSubmitCancelled(error);
    if (dismissed) return finish({ kind: 'cancelled', action });
    return finish({ kind: 'failed', error, action, request: sent });
  }
}
