// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAllModals, minimizeModal, modals, openModal } from '../../engine/stores/modals';
import { ModalHost } from './ModalHost';

describe('ModalHost', () => {
  afterEach(() => {
    act(() => closeAllModals());
    cleanup();
  });

  it('renders the main dialog, locks scroll, closes on Esc and unlocks', async () => {
    render(<ModalHost />);
    act(() => {
      openModal({ id: 'hello', title: 'Hello', component: 'TextModal', props: { text: 'Body text' } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Hello' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(await screen.findByText('Body text')).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(modals.stack).toHaveLength(0);
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps Esc from closing a modal whose header controls are hidden', async () => {
    render(<ModalHost />);
    act(() => {
      openModal({ id: 'x', title: 'Locked', hideHeaderControls: true, component: 'TextModal', props: { text: 't' } });
    });
    await screen.findByRole('dialog', { name: 'Locked' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeTruthy(); // the TextModal's own button
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(modals.stack).toHaveLength(1);
  });

  it('docks minimised modals, restores them, and removes the lock when all are minimised', async () => {
    render(<ModalHost />);
    act(() => {
      openModal({ id: 'a', title: 'Alpha', component: 'TextModal', props: { text: 'a' } });
    });
    await screen.findByRole('dialog', { name: 'Alpha' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Minimize' }));
    });
    expect(modals.stack[0].minimized).toBe(true);
    expect(document.body.style.overflow).toBe('');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Restore Alpha' }));
    });
    expect(modals.stack[0]).toMatchObject({ minimized: false, mainModal: true });
    act(() => {
      minimizeModal('a');
    });
  });

  it('cycles Tab focus inside the main dialog', async () => {
    render(<ModalHost />);
    act(() => {
      openModal({ id: 'f', title: 'Focus', component: 'TextModal', props: { text: 'x' } });
    });
    await screen.findByText('x');
    const buttons = screen.getAllByRole('button');
    const last = buttons[buttons.length - 1];
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});
