// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAllModals, minimizeModal, modals, openModal, toggleFullscreen } from '../../engine/stores/modals';
import { configureModalHelp } from './help-site';
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

  it('helpLinkKey: a Help link to the help page of that route name (none for a name without one)', async () => {
    configureModalHelp({ helpBaseUrl: 'https://help.example/console' });
    render(<ModalHost />);
    act(() => {
      openModal({ id: 'r', title: 'Roles', helpLinkKey: 'users.roles', component: 'TextModal', props: { text: 'r' } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Roles' });
    const help = within(dialog).getByRole('link', { name: 'Help' });
    expect(help.getAttribute('href')).toBe('https://help.example/console/users.roles');
    expect(help.getAttribute('target')).toBe('_blank');
    act(() => {
      openModal({ id: 'n', title: 'No help', helpLinkKey: 'settings', component: 'TextModal', props: { text: 'n' } });
    });
    expect(within(await screen.findByRole('dialog', { name: 'No help' })).queryByRole('link')).toBeNull();
  });

  it("disableSelection: the dialog's text cannot be selected", async () => {
    render(<ModalHost />);
    act(() => {
      openModal({ id: 's', title: 'Plain', component: 'TextModal', props: { text: 's' } });
      openModal({
        id: 'd',
        title: 'Locked text',
        disableSelection: true,
        component: 'TextModal',
        props: { text: 'd' },
      });
    });
    expect((await screen.findByRole('dialog', { name: 'Locked text' })).style.userSelect).toBe('none');
    expect(screen.getByRole('dialog', { name: 'Plain', hidden: true }).style.userSelect).toBe('');
  });

  it('drags by the header, but not in fullscreen', async () => {
    render(<ModalHost />);
    act(() => {
      openModal({ id: 'g', title: 'Drag me', fullScreenControl: true, component: 'TextModal', props: { text: 'g' } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Drag me' });
    const drag = () => {
      const title = within(dialog).getByRole('heading', { name: 'Drag me' });
      fireEvent.pointerDown(title, { button: 0, clientX: 100, clientY: 100, pointerId: 1 });
      fireEvent.pointerMove(title, { clientX: 150, clientY: 140, pointerId: 1 });
      fireEvent.pointerUp(title, { pointerId: 1 });
    };
    act(drag);
    expect(dialog.style.transform).toBe('translate(50px, 40px)');
    await act(async () => toggleFullscreen('g'));
    expect(dialog.style.transform).toBe('');
    act(drag);
    expect(dialog.style.transform).toBe('');
  });
});
