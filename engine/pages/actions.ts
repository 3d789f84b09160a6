// Runs a page action: opens a registered form or prompt, follows a link, or
// calls an endpoint after a confirmation prompt. The environment (modals,
// HTTP, settings, navigation, toasts) is injected so the rules stay testable.
import { resolveObject, resolvePath, resolveTemplate, type Scope } from './template';
import { reminderOff } from './preferences';
import type { PageAction } from './types';

export interface ActionEnvironment {
  openForm(name: string, options: Record<string, unknown>): Promise<unknown>;
  openPrompt(name: string, options: Record<string, unknown>): Promise<unknown>;
  confirm(descriptor: Record<string, unknown>): Promise<unknown>;
  request(config: { method: string; url: string; data?: unknown }): Promise<{ data: unknown }>;
  navigate(path: string): void;
  getSetting(key: string): unknown;
  /** Success/failure feedback and the action-channel handoff. */
  done(result: ActionResult): void;
}

export type ActionResult =
  | { kind: 'submitted'; reload: boolean; response?: unknown; channel?: string; action: PageAction }
  | { kind: 'cancelled'; action: PageAction }
  | { kind: 'failed'; error: unknown; action: PageAction }
  | { kind: 'navigated'; action: PageAction };

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

function channelOf(response: unknown): string | undefined {
  const meta = (response as { meta?: { channel?: unknown } } | undefined)?.meta;
  return typeof meta?.channel === 'string' ? meta.channel : undefined;
}

/** The confirmation descriptor, or undefined when the user turned the reminder off. */
export function confirmDescriptor(
  action: PageAction,
  scope: Scope,
  getSetting: (key: string) => unknown,
): Record<string, unknown> | undefined {
  const c = action.confirm;
  if (!c) return undefined;
  if (c.reminderKey && reminderOff(getSetting(c.reminderKey))) return undefined;
  return {
    title: resolveTemplate(c.title, scope),
    text: c.text ? resolveTemplate(c.text, scope) : undefined,
    confirmText: c.confirmText,
    cancelText: c.cancelText,
    reminderKey: c.reminderKey,
    prompt: true,
    useCancelResolve: true,
  };
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
  try {
    if (action.href) {
      const path = resolvePath(action.href, scope);
      if (!path) return finish({ kind: 'cancelled', action });
      env.navigate(path);
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
      return finish({ kind: 'submitted', reload: true, response: result, channel: channelOf(result), action });
    }
    if (!action.request) return finish({ kind: 'cancelled', action });
    const descriptor = confirmDescriptor(action, scope, env.getSetting);
    if (descriptor) {
      const ok = await env.confirm(descriptor);
      if (ok === false || ok === undefined) return finish({ kind: 'cancelled', action });
    }
    const url = resolvePath(action.request.path, scope);
    if (!url) return finish({ kind: 'cancelled', action });
    const body = action.request.body ? resolveObject(action.request.body, scope) : undefined;
    const response = await env.request({ method: action.request.method, url, data: body });
    return finish({
      kind: 'submitted',
      reload: true,
      response: response.data,
      channel: channelOf(response.data),
      action,
    });
  } catch (error) {
    if ((error as Error | undefined)?.name === 'ModalDismissedError') return finish({ kind: 'cancelled', action });
    return finish({ kind: 'failed', error, action });
  }
}
