import { getSetting, setSetting } from '../stores/settings';
import {
  getModal,
  isClosable,
  openModalAsync,
  rejectModal,
  resolveModal,
  type ModalDescriptor,
} from '../stores/modals';

// The confirmation prompt of forms spec §4: a promise. Confirm resolves with
// the returned value (or the descriptor); Cancel rejects, or resolves false
// with useCancelResolve. A reminder key set to false skips the prompt.

export const CONFIRM_TEXT = 'Confirm';
export const CANCEL_TEXT = 'Cancel';
export const REMINDER_LABEL = 'Do not show this again';
export const REMINDER_NOTE = 'You can re-enable it in the table preferences.';

export class PromptCancelledError extends Error {
  constructor() {
    super('Prompt cancelled');
    this.name = 'PromptCancelledError';
  }
}

/** What the prompt collected: the select box choice, the input text, the reminder tick. */
export interface PromptAnswer {
  selected?: string | number;
  input?: string;
  remind?: boolean;
}

/** Whether Confirm is disabled: the disabled rule, a required empty select box or input, or a child dialog. */
export function isConfirmDisabled(
  descriptor: Pick<ModalDescriptor, 'disabled' | 'selectBox' | 'input'> & { childDisabled?: boolean },
  answer: PromptAnswer,
): boolean {
  if (descriptor.disabled || descriptor.childDisabled) return true;
  if (descriptor.selectBox?.required !== false && descriptor.selectBox && (answer.selected ?? '') === '') return true;
  if (descriptor.input && !(answer.input ?? '').trim()) return true;
  return false;
}

/** The value a confirmed prompt resolves with. */
export function confirmedValue(descriptor: ModalDescriptor, answer: PromptAnswer): unknown {
  if (descriptor.returnValue !== undefined) return descriptor.returnValue;
  if (descriptor.selectBox && descriptor.input) return { selected: answer.selected, input: answer.input?.trim() };
  if (descriptor.selectBox) return answer.selected;
  if (descriptor.input) return answer.input?.trim();
  return descriptor;
}

const originals = new Map<string, ModalDescriptor>();

/** Opens a confirmation prompt and returns its promise. */
export async function confirm(descriptor: ModalDescriptor): Promise<unknown> {
  if (descriptor.reminderKey && getSetting(descriptor.reminderKey) === false) {
    return confirmedValue(descriptor, {});
  }
  const full: ModalDescriptor = {
    confirmText: CONFIRM_TEXT,
    cancelText: CANCEL_TEXT,
    minimizeDisable: true,
    ...descriptor,
    prompt: true,
  };
  const { id, result } = descriptor.useCancelResolve
    ? openModalAsync(full, 'resolve', false)
    : openModalAsync(full, 'reject');
  originals.set(id, descriptor);
  return result.finally(() => {
    if (originals.get(id) === descriptor) originals.delete(id);
  });
}

/** The Confirm button: stores the reminder (false under its key) and resolves. */
export function confirmPrompt(id: string, answer: PromptAnswer = {}): void {
  const entry = getModal(id);
  if (!entry || isConfirmDisabled(entry, answer)) return;
  if (entry.reminderKey && answer.remind) {
    void setSetting(entry.reminderKey, false).catch(() => undefined);
  }
  resolveModal(id, confirmedValue(originals.get(id) ?? entry, answer));
}

/** The Cancel button: rejects, or resolves false with useCancelResolve. A prompt that cannot close has none. */
export function cancelPrompt(id: string): void {
  const entry = getModal(id);
  if (!entry || !isClosable(entry)) return;
  if (entry.useCancelResolve) resolveModal(id, false);
  else rejectModal(id, new PromptCancelledError());
}
