import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../stores/settings', () => {
  const values: Record<string, unknown> = {};
  return {
    getSetting: (key: string) => values[key],
    setSetting: vi.fn(async (key: string, value: unknown) => {
      values[key] = value;
    }),
    __values: values,
  };
});

import * as settings from '../stores/settings';
import { EMAIL_PROMPT_ID, closeAllModals, closeModal, modals, updateModal } from '../stores/modals';
import { PromptCancelledError, cancelPrompt, confirm, confirmPrompt, isConfirmDisabled } from './confirm';

const values = (settings as unknown as { __values: Record<string, unknown> }).__values;
const lastId = () => modals.stack[modals.stack.length - 1].id;

describe('confirmation prompt', () => {
  beforeEach(() => {
    for (const k of Object.keys(values)) delete values[k];
  });
  afterEach(() => closeAllModals());

  it('opens a prompt with Confirm/Cancel defaults and resolves with the descriptor', async () => {
    const descriptor = { title: 'Delete tag?', text: 'Sure?' };
    const pending = confirm(descriptor);
    expect(modals.stack[0]).toMatchObject({ prompt: true, confirmText: 'Confirm', cancelText: 'Cancel' });
    confirmPrompt(lastId());
    await expect(pending).resolves.toBe(descriptor);
    expect(modals.stack).toHaveLength(0);
  });

  it('resolves with the returned value when given', async () => {
    const pending = confirm({ title: 'A', returnValue: 7 });
    confirmPrompt(lastId());
    await expect(pending).resolves.toBe(7);
  });

  it('cancel rejects, or resolves false with useCancelResolve', async () => {
    const a = confirm({ title: 'A' });
    cancelPrompt(lastId());
    await expect(a).rejects.toBeInstanceOf(PromptCancelledError);
    const b = confirm({ title: 'B', useCancelResolve: true });
    cancelPrompt(lastId());
    await expect(b).resolves.toBe(false);
    const c = confirm({ title: 'C', useCancelResolve: true });
    closeModal(lastId());
    await expect(c).resolves.toBe(false);
  });

  it('the e-mail prompt cannot be cancelled or closed, only confirmed (shell spec §4, forms spec §4)', async () => {
    let settled = false;
    const pending = confirm({ id: EMAIL_PROMPT_ID, title: 'Add your e-mail address', input: { label: 'E-mail' } });
    void pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    cancelPrompt(EMAIL_PROMPT_ID);
    expect(closeModal(EMAIL_PROMPT_ID)).toBe(false);
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(modals.stack.map((m) => m.id)).toEqual([EMAIL_PROMPT_ID]);
    confirmPrompt(EMAIL_PROMPT_ID, { input: 'me@example.com' });
    await expect(pending).resolves.toBe('me@example.com');
  });

  it('keeps Confirm disabled by the rule, an empty required select box or input, or a child dialog', async () => {
    expect(isConfirmDisabled({ disabled: true }, {})).toBe(true);
    const selectBox = { label: 'Company', options: [{ value: 1, label: 'Acme' }] };
    expect(isConfirmDisabled({ selectBox }, {})).toBe(true);
    expect(isConfirmDisabled({ selectBox }, { selected: 1 })).toBe(false);
    expect(isConfirmDisabled({ input: { label: 'Name' } }, { input: '  ' })).toBe(true);
    expect(isConfirmDisabled({}, {})).toBe(false);

    const pending = confirm({ title: 'Pick', selectBox });
    const id = lastId();
    confirmPrompt(id, {});
    expect(modals.stack).toHaveLength(1);
    updateModal(id, { childDisabled: true });
    confirmPrompt(id, { selected: 1 });
    expect(modals.stack).toHaveLength(1);
    updateModal(id, { childDisabled: false });
    confirmPrompt(id, { selected: 1 });
    await expect(pending).resolves.toBe(1);
  });

  it('stores false under the reminder key and skips the prompt next time', async () => {
    const first = confirm({ title: 'Remove?', reminderKey: 'remove_reminder', returnValue: 'yes' });
    confirmPrompt(lastId(), { remind: true });
    await expect(first).resolves.toBe('yes');
    expect(settings.setSetting).toHaveBeenCalledWith('remove_reminder', false);
    await expect(confirm({ title: 'Remove?', reminderKey: 'remove_reminder', returnValue: 'yes' })).resolves.toBe(
      'yes',
    );
    expect(modals.stack).toHaveLength(0);
  });

  it('returns the trimmed input value', async () => {
    const pending = confirm({ title: 'Name', input: { label: 'Name' } });
    confirmPrompt(lastId(), { input: '  Lab  ' });
    await expect(pending).resolves.toBe('Lab');
  });
});
