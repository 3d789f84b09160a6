import { envelopeChannel, envelopeMessage } from '../contract/envelope';
import type { ToastOptions } from '../stores/toasts';

// What a successful request leads to (forms spec §4, §8), one path for a form's submission and for a
// page action's request or prompt: a body with a channel hands off to the action status dialog, else the
// success toast, then the dialog the request came from closes. The caller reloads what changed.

/** Where a success shows: a form's submit environment, a page's action environment. */
export interface OutcomeEnvironment {
  toast(options: ToastOptions): void;
  openActionStatus(channel: string, selection: unknown[] | undefined, title?: string): void;
  /** Closes the dialog the request came from (a page action has none of its own). */
  close(result: unknown): void;
}

export interface SuccessRules {
  /** The document's own success text. */
  successMsg?: string;
  /** No success toast. */
  hideMsg?: boolean;
  /** The dialog stays open. */
  leaveOpen?: boolean;
  /** The devices the action status dialog follows, and its title. */
  selection?: unknown[];
  title?: string;
}

/**
 * Settles a success: true when the body's channel was handed to the action status dialog (the dialog closed
 * first, no toast), else the toast (the rules' text, none when hidden, the server's message, else
 * `fallback`'s) and the close unless it stays open.
 */
export function settleSuccess(
  response: { data: unknown },
  rules: SuccessRules,
  fallback: () => string,
  env: OutcomeEnvironment,
): boolean {
  const channel = envelopeChannel(response.data);
  if (channel) {
    env.close(response);
    env.openActionStatus(channel, rules.selection, rules.title);
    return true;
  }
  if (rules.successMsg) env.toast({ message: rules.successMsg, type: 'success' });
  else if (!rules.hideMsg) env.toast({ message: envelopeMessage(response.data) ?? fallback(), type: 'success' });
  if (!rules.leaveOpen) env.close(response.data);
  return false;
}
