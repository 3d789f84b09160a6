// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionResult } from '../../engine/pages/actions';
import type { PageAction } from '../../engine/pages/types';
import { closeAllModals, modals } from '../../engine/stores/modals';
import { clearToasts, toasts } from '../../engine/stores/toasts';
import { pageEnvironment } from './environment';

const action = { label: 'Reboot' } as PageAction;
const finish = (result: ActionResult) => {
  const reload = vi.fn();
  pageEnvironment(() => undefined, reload).done(result);
  return reload;
};
const shown = () => toasts.list.map((toast) => [toast.message, toast.type]);

afterEach(() => {
  clearToasts();
  closeAllModals();
});

// Forms spec §4 and §8: a page action's request ends as a form's submission does (engine/submit/outcome.ts).
describe('pageEnvironment().done', () => {
  it("a request's success toasts the server's message, else the result message, and reloads", () => {
    const request = { method: 'delete', url: '/roles/7' };
    const reload = finish({ kind: 'submitted', reload: true, response: { message: 'Role deleted' }, action, request });
    finish({ kind: 'submitted', reload: true, response: { success: true }, action, request });
    expect(shown()).toEqual([
      ['Role deleted', 'success'],
      ['Role removed successfully', 'success'],
    ]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a body with a channel opens the action status dialog over the selection, titled by the action', () => {
    const response = { success: true, meta: { channel: 'jobs.9' } };
    const reload = finish({
      kind: 'submitted',
      reload: true,
      response,
      channel: 'jobs.9',
      action,
      ids: [3],
      request: { method: 'post', url: '/x' },
    });
    expect(shown()).toEqual([]);
    expect(modals.stack.map((modal) => [modal.title, modal.component, modal.props])).toEqual([
      ['Reboot', 'DeviceSocketAction', { channel: 'jobs.9', selection: [3] }],
    ]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a form or prompt showed its own toast: none here; a failure toasts its text', () => {
    finish({ kind: 'submitted', reload: true, response: { success: true }, action });
    expect(shown()).toEqual([]);
    finish({
      kind: 'failed',
      error: new Error('Failed to connect to server'),
      action,
      request: { method: 'post', url: '/x' },
    });
    expect(shown()).toEqual([['Failed to connect to server', 'error']]);
  });
});
