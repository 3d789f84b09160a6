import { proxy, ref } from 'valtio/vanilla';
import { showToast } from './toasts';

// The modal stack of forms spec §4: opening makes a modal the main one and
// unminimised; the same id replaces; one main; closing focuses the next
// non-minimised one; at most 5 minimised; scroll lock while any modal is not
// minimised. Framework-free: the React host (renderer/modals) only renders it.

export const MAX_MINIMIZED = 5;
export const MINIMIZE_LIMIT_MESSAGE = 'You can not minimize more than 5 windows';
/** The e-mail prompt ignores close requests (it is settled, never dismissed). */
export const EMAIL_PROMPT_ID = 'email-prompt';
/** Closing this modal emits a `modal-close` event on `modalEvents`. */
export const ADD_VERIFICATION_DEVICE_ID = 'add-verification-device';

/**
 * The dialog components a modal names, each drawn by the renderer's registry
 * (renderer/modals/registry.ts must hold every one: a name missing there or
 * misspelt here is a compile error). Prompt and Form are the frames; the others
 * can also be a prompt's content.
 */
export type PromptContentName =
  | 'DeviceSocketAction'
  | 'MfaID'
  | 'MfaTOTP'
  | 'MfaEmail'
  | 'PasswordConfirmation'
  | 'DocumentPrompt'
  | 'TextModal'
  | 'RevealOnce'
  | 'ItemSelect'
  | 'FieldHint'
  | 'FormDescription'
  | 'SelectBox'
  | 'Error'
  | 'UserPermissions';
export type ModalComponentName = 'Form' | 'Prompt' | PromptContentName;

export interface SelectBoxOption {
  value: string | number;
  label: string;
}

export interface ModalDescriptor {
  id?: string;
  title?: string;
  subtitle?: string;
  /** Named component of the modal registry (renderer/modals/registry.ts). */
  component?: ModalComponentName;
  props?: Record<string, unknown>;
  /** Prompt flag: the modal is a confirmation prompt with Confirm/Cancel. */
  prompt?: boolean;
  /** Named component rendered inside a prompt. */
  promptContent?: PromptContentName;
  /** Plain text body (prompts, TextModal). */
  text?: string;
  selectionKey?: string;
  selectBox?: { label: string; options: SelectBoxOption[]; required?: boolean; value?: string | number };
  selectBoxReadonly?: boolean;
  input?: { label: string; type?: string; value?: string };
  confirmText?: string;
  cancelText?: string;
  reminderKey?: string;
  returnValue?: unknown;
  disabled?: boolean;
  /** The dialog's text cannot be selected (renderer/modals/ModalFrame.tsx). */
  disableSelection?: boolean;
  /** A help route name (engine/theme/help.ts): the header links to its help page. */
  helpLinkKey?: string;
  noPadding?: boolean;
  hideHeader?: boolean;
  hideHeaderControls?: boolean;
  minimizeDisable?: boolean;
  fullScreenControl?: boolean;
  useCancelResolve?: boolean;
  /** Close requests are ignored (the e-mail prompt); settle it with resolveModal/rejectModal. */
  closable?: boolean;
}

export interface ModalEntry extends ModalDescriptor {
  id: string;
  minimized: boolean;
  mainModal: boolean;
  fullscreen: boolean;
  /** Disabled state a child dialog sets (confirmation prompts). */
  childDisabled: boolean;
}

export const modals = proxy<{ stack: ModalEntry[]; guideMode: boolean }>({ stack: [], guideMode: false });
export const modalEvents = new EventTarget();

interface Settler {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  /** What a plain close (X, Esc, replace) does to the promise. */
  onClose: 'resolve' | 'reject';
  /** The value a plain close resolves with. */
  closeValue?: unknown;
}
const settlers = new Map<string, Settler>();
let counter = 0;

/** A stable id derived from the title when the descriptor has none. */
export function modalIdFor(descriptor: ModalDescriptor): string {
  if (descriptor.id) return descriptor.id;
  const slug = (descriptor.title ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || `modal-${++counter}`;
}

export class ModalDismissedError extends Error {
  constructor(readonly modalId: string) {
    super('Modal dismissed');
    this.name = 'ModalDismissedError';
  }
}

function indexOf(idOrIndex: string | number): number {
  return typeof idOrIndex === 'number' ? idOrIndex : modals.stack.findIndex((m) => m.id === idOrIndex);
}

export function getModal(id: string): ModalEntry | undefined {
  return modals.stack.find((m) => m.id === id);
}

/** The main modal, if any. */
export function mainModal(): ModalEntry | undefined {
  return modals.stack.find((m) => m.mainModal);
}

/** Page scroll stays locked while any modal is open and not minimised. */
export function isScrollLocked(stack: readonly ModalEntry[] = modals.stack): boolean {
  return stack.some((m) => !m.minimized);
}

function settle(id: string, kind: 'resolve' | 'reject' | 'close', value?: unknown): void {
  const settler = settlers.get(id);
  if (!settler) return;
  settlers.delete(id);
  const how = kind === 'close' ? settler.onClose : kind;
  if (how === 'resolve') settler.resolve(kind === 'close' ? settler.closeValue : value);
  else settler.reject(kind === 'close' ? new ModalDismissedError(id) : value);
}

function focusNext(): void {
  if (mainModal()) return;
  const candidates = modals.stack.filter((m) => !m.minimized);
  const next = candidates[candidates.length - 1];
  if (next) next.mainModal = true;
}

/** Opens a modal (the same id is removed and re-added at the end); returns its id. */
export function openModal(descriptor: ModalDescriptor): string {
  const id = modalIdFor(descriptor);
  const existing = indexOf(id);
  if (existing >= 0) {
    modals.stack.splice(existing, 1);
    settle(id, 'close');
  }
  for (const m of modals.stack) m.mainModal = false;
  modals.stack.push({
    ...descriptor,
    props: descriptor.props ? ref(descriptor.props) : undefined,
    id,
    minimized: false,
    mainModal: true,
    fullscreen: false,
    childDisabled: false,
  });
  return id;
}

/**
 * Opens a modal and returns a promise settled by resolveModal/rejectModal.
 * A plain close resolves closeValue (undefined), or rejects with ModalDismissedError when onClose is 'reject'.
 */
export function openModalAsync<T = unknown>(
  descriptor: ModalDescriptor,
  onClose: 'resolve' | 'reject' = 'resolve',
  closeValue?: unknown,
): { id: string; result: Promise<T> } {
  const id = openModal(descriptor);
  const result = new Promise<T>((resolve, reject) => {
    settlers.set(id, { resolve: resolve as (v: unknown) => void, reject, onClose, closeValue });
  });
  return { id, result };
}

function remove(index: number): ModalEntry | undefined {
  const [entry] = modals.stack.splice(index, 1);
  if (!entry) return undefined;
  if (entry.id === ADD_VERIFICATION_DEVICE_ID) {
    modalEvents.dispatchEvent(new CustomEvent('modal-close', { detail: { id: entry.id } }));
  }
  focusNext();
  return entry;
}

/** Whether the user may dismiss a modal (Esc, close button, Cancel): not the e-mail prompt, nor one marked not closable. */
export function isClosable(entry: Pick<ModalEntry, 'id' | 'closable'>): boolean {
  return entry.closable !== false && entry.id !== EMAIL_PROMPT_ID;
}

/**
 * Closes a modal by index or id. Ignored for modals that are not closable (the
 * e-mail prompt) and, in guide mode, when triggered by a keydown.
 */
export function closeModal(idOrIndex: string | number, options: { byKeydown?: boolean } = {}): boolean {
  const index = indexOf(idOrIndex);
  const entry = modals.stack[index];
  if (!entry) return false;
  if (!isClosable(entry)) return false;
  if (options.byKeydown && modals.guideMode) return false;
  remove(index);
  settle(entry.id, 'close');
  return true;
}

/** Esc: closes the main modal unless its header controls are hidden. */
export function closeMainByEscape(): boolean {
  const main = mainModal();
  if (!main || main.hideHeaderControls) return false;
  return closeModal(main.id, { byKeydown: true });
}

/** Settles a modal's promise with a value and removes it (closable or not) unless keepOpen. */
export function resolveModal(id: string, value?: unknown, options: { keepOpen?: boolean } = {}): void {
  const index = indexOf(id);
  if (index >= 0 && !options.keepOpen) remove(index);
  settle(id, 'resolve', value);
}

/** Settles a modal's promise with a rejection and removes it (closable or not). */
export function rejectModal(id: string, reason?: unknown): void {
  const index = indexOf(id);
  if (index >= 0) remove(index);
  settle(id, 'reject', reason);
}

/** Clicking a modal makes it the main one. */
export function focusModal(id: string): void {
  const entry = getModal(id);
  if (!entry || entry.minimized) return;
  for (const m of modals.stack) m.mainModal = m === entry;
}

/** Minimises a modal; refused with a toast when 5 are minimised already. */
export function minimizeModal(id: string): boolean {
  const entry = getModal(id);
  if (!entry || entry.minimized || entry.minimizeDisable) return false;
  if (modals.stack.filter((m) => m.minimized).length >= MAX_MINIMIZED) {
    showToast({ message: MINIMIZE_LIMIT_MESSAGE, type: 'warning' });
    return false;
  }
  entry.minimized = true;
  entry.mainModal = false;
  focusNext();
  return true;
}

/** Restores a minimised modal and makes it the main one. */
export function restoreModal(id: string): void {
  const entry = getModal(id);
  if (!entry) return;
  entry.minimized = false;
  focusModal(id);
}

/** Toggles fullscreen on modals that have a fullscreen control. */
export function toggleFullscreen(id: string): void {
  const entry = getModal(id);
  if (entry?.fullScreenControl) entry.fullscreen = !entry.fullscreen;
}

/** Updates descriptor fields of an open modal (title once a document loads, a child's disabled state). */
export function updateModal(
  id: string,
  patch: Partial<Pick<ModalEntry, 'title' | 'subtitle' | 'childDisabled'>>,
): void {
  const entry = getModal(id);
  if (entry) Object.assign(entry, patch);
}

/**
 * Drops every modal (logout, tests); pending promises resolve as closed.
 * @internal For tests: resets the store between them.
 */
export function closeAllModals(): void {
  const ids = modals.stack.map((m) => m.id);
  modals.stack.splice(0);
  for (const id of ids) settle(id, 'close');
}

export interface OpenFormOptions {
  /** Initial form data. */
  data?: Record<string, unknown>;
  /** Document id (for edit forms; `:id` in the endpoint). */
  id?: string | number;
  method?: string;
  baseURL?: string;
  successMsg?: string;
  hideMsg?: boolean;
  leaveOpen?: boolean;
  reload?: boolean;
  selection?: unknown[];
  company_id?: string | number;
  combineBulkSources?: boolean;
  onSuccess?: (result: unknown) => void;
  onError?: (error: unknown) => void;
  title?: string;
}

/**
 * Opens a registered form document in a modal. Resolves with the submit
 * result once it succeeds, or undefined when the modal is closed without one.
 * The renderer loads the document and @rjsf lazily when it mounts the modal.
 */
export function openForm(name: string, options: OpenFormOptions = {}): Promise<unknown> {
  return openModalAsync({
    id: `form-${name}`,
    title: options.title,
    component: 'Form',
    props: { name, options },
    fullScreenControl: true,
  }).result;
}
