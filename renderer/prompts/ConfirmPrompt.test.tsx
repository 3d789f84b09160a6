// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const stored: Record<string, unknown> = {};
vi.mock('../../engine/stores/settings', () => ({
  getSetting: (key: string) => stored[key],
  setSetting: async (key: string, value: unknown) => {
    stored[key] = value;
  },
}));

import { confirm } from '../../engine/prompts/confirm';
import { closeAllModals } from '../../engine/stores/modals';
import { ModalHost } from '../modals/ModalHost';

describe('ConfirmPrompt', () => {
  afterEach(() => {
    act(() => closeAllModals());
    cleanup();
  });

  it('keeps Confirm disabled until the select box has a value, then resolves with it', async () => {
    render(<ModalHost />);
    let result: Promise<unknown> = Promise.resolve();
    await act(async () => {
      result = confirm({
        title: 'Move device',
        text: 'Choose the target company.',
        selectBox: { label: 'Company', options: [{ value: 7, label: 'Acme Baltics' }] },
      });
    });
    const button = await screen.findByRole('button', { name: 'Confirm' }, { timeout: 5000 }); // the prompt chunk loads lazily
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: '7' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(button);
    });
    await expect(result).resolves.toBe(7);
  });

  it('stores false under the reminder key with "Do not show this again"', async () => {
    render(<ModalHost />);
    let result: Promise<unknown> = Promise.resolve();
    await act(async () => {
      result = confirm({ title: 'Remove tag?', reminderKey: 'remove_tag_prompt', returnValue: 'ok' });
    });
    fireEvent.click(await screen.findByLabelText('Do not show this again'));
    expect(screen.getByText('You can re-enable it in the table preferences.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    await expect(result).resolves.toBe('ok');
    expect(stored.remove_tag_prompt).toBe(false);
  });

  it('Cancel rejects the promise', async () => {
    render(<ModalHost />);
    let result: Promise<unknown> = Promise.resolve();
    await act(async () => {
      result = confirm({ title: 'Sure?' });
      result.catch(() => undefined);
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    });
    await expect(result).rejects.toThrow('Prompt cancelled');
  });
});
