import { afterEach, describe, expect, it } from 'vitest';
import {
  ADD_VERIFICATION_DEVICE_ID,
  EMAIL_PROMPT_ID,
  MINIMIZE_LIMIT_MESSAGE,
  ModalDismissedError,
  closeAllModals,
  closeMainByEscape,
  closeModal,
  focusModal,
  isScrollLocked,
  mainModal,
  minimizeModal,
  modalEvents,
  modalIdFor,
  modals,
  openForm,
  openModal,
  openModalAsync,
  rejectModal,
  resolveModal,
  restoreModal,
  toggleFullscreen,
} from './modals';
import { clearToasts, toasts } from './toasts';

const ids = () => modals.stack.map((m) => m.id);

describe('modal stack', () => {
  afterEach(() => {
    closeAllModals();
    modals.guideMode = false;
    clearToasts();
  });

  it('derives the id from the title', () => {
    expect(modalIdFor({ title: 'Move company!' })).toBe('move-company');
    expect(modalIdFor({ id: 'x', title: 'Y' })).toBe('x');
    expect(modalIdFor({})).toMatch(/^modal-\d+$/);
  });

  it('makes the opened modal the only main one, unminimised', () => {
    openModal({ id: 'a' });
    openModal({ id: 'b' });
    expect(modals.stack.filter((m) => m.mainModal).map((m) => m.id)).toEqual(['b']);
    focusModal('a');
    expect(mainModal()?.id).toBe('a');
    expect(modals.stack.filter((m) => m.mainModal)).toHaveLength(1);
  });

  it('replaces a modal with the same id and re-adds it at the end', async () => {
    const first = openModalAsync({ id: 'a', title: 'First' });
    openModal({ id: 'b' });
    openModal({ id: 'a', title: 'Second' });
    expect(ids()).toEqual(['b', 'a']);
    expect(modals.stack[1].title).toBe('Second');
    await expect(first.result).resolves.toBeUndefined();
  });

  it('closes by index or id and focuses the next non-minimised modal', () => {
    openModal({ id: 'a' });
    openModal({ id: 'b' });
    openModal({ id: 'c' });
    minimizeModal('c');
    expect(mainModal()?.id).toBe('b');
    closeModal('b');
    expect(mainModal()?.id).toBe('a');
    closeModal(0);
    expect(ids()).toEqual(['c']);
    expect(mainModal()).toBeUndefined();
  });

  it('closes the main modal on Esc unless header controls are hidden', () => {
    openModal({ id: 'a' });
    openModal({ id: 'locked', hideHeaderControls: true });
    expect(closeMainByEscape()).toBe(false);
    focusModal('a');
    expect(closeMainByEscape()).toBe(true);
    expect(ids()).toEqual(['locked']);
  });

  it('ignores close for the e-mail prompt and keydown closes in guide mode', () => {
    openModal({ id: EMAIL_PROMPT_ID });
    expect(closeModal(EMAIL_PROMPT_ID)).toBe(false);
    resolveModal(EMAIL_PROMPT_ID, 'done');
    expect(ids()).toEqual([]);
    openModal({ id: 'guide' });
    modals.guideMode = true;
    expect(closeMainByEscape()).toBe(false);
    expect(closeModal('guide')).toBe(true);
  });

  it('emits modal-close when the add-verification-device modal closes', () => {
    const seen: string[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<{ id: string }>).detail.id);
    modalEvents.addEventListener('modal-close', listener);
    openModal({ id: ADD_VERIFICATION_DEVICE_ID });
    closeModal(ADD_VERIFICATION_DEVICE_ID);
    modalEvents.removeEventListener('modal-close', listener);
    expect(seen).toEqual([ADD_VERIFICATION_DEVICE_ID]);
  });

  it('minimises at most 5 with the toast, restores as main', () => {
    for (let i = 0; i < 6; i++) openModal({ id: `m${i}` });
    for (let i = 0; i < 5; i++) expect(minimizeModal(`m${i}`)).toBe(true);
    expect(minimizeModal('m5')).toBe(false);
    expect(toasts.list.map((t) => t.message)).toEqual([MINIMIZE_LIMIT_MESSAGE]);
    restoreModal('m0');
    expect(mainModal()?.id).toBe('m0');
    expect(modals.stack.find((m) => m.id === 'm0')?.minimized).toBe(false);
    expect(minimizeModal('m5')).toBe(true);
  });

  it('locks scroll while any modal is not minimised', () => {
    expect(isScrollLocked()).toBe(false);
    openModal({ id: 'a' });
    expect(isScrollLocked()).toBe(true);
    minimizeModal('a');
    expect(isScrollLocked()).toBe(false);
  });

  it('toggles fullscreen only with a fullscreen control', () => {
    openModal({ id: 'plain' });
    openModal({ id: 'big', fullScreenControl: true });
    toggleFullscreen('plain');
    toggleFullscreen('big');
    expect(modals.stack.map((m) => m.fullscreen)).toEqual([false, true]);
  });

  it('settles async modals: resolve, reject, dismissal', async () => {
    const a = openModalAsync({ id: 'a' });
    resolveModal('a', 42);
    await expect(a.result).resolves.toBe(42);
    const b = openModalAsync({ id: 'b' }, 'reject');
    closeModal('b');
    await expect(b.result).rejects.toBeInstanceOf(ModalDismissedError);
    const c = openModalAsync({ id: 'c' });
    rejectModal('c', new Error('nope'));
    await expect(c.result).rejects.toThrow('nope');
  });

  it('opens a form document in a modal and resolves with the result', async () => {
    const pending = openForm('new-tag', { data: { company_id: 1 } });
    expect(modals.stack[0]).toMatchObject({ id: 'form-new-tag', component: 'Form' });
    expect(modals.stack[0].props).toMatchObject({ name: 'new-tag', options: { data: { company_id: 1 } } });
    resolveModal('form-new-tag', { ok: true }, { keepOpen: true });
    await expect(pending).resolves.toEqual({ ok: true });
    expect(ids()).toEqual(['form-new-tag']);
  });
});
