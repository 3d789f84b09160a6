import { describe, expect, it, vi } from 'vitest';
import { settleSuccess, type OutcomeEnvironment } from './outcome';

function environment() {
  const seen: string[] = [];
  const env: OutcomeEnvironment = {
    toast: vi.fn(({ message }) => seen.push(`toast ${message}`)),
    openActionStatus: vi.fn((channel, _selection, title) => seen.push(`status ${channel} ${title}`)),
    close: vi.fn(() => seen.push('close')),
  };
  return { env, seen };
}
const fallback = () => 'Tag created successfully';

// Forms spec §4 and §8: the one path a success takes, for a form's submission and a page action alike.
describe('settleSuccess', () => {
  it('hands a body with a channel to the action status dialog after closing, with no toast', () => {
    const { env, seen } = environment();
    const response = { data: { success: true, meta: { channel: 'jobs.42' } } };
    expect(settleSuccess(response, { selection: [7], title: 'Reboot' }, fallback, env)).toBe(true);
    expect(seen).toEqual(['close', 'status jobs.42 Reboot']);
    expect(env.close).toHaveBeenCalledWith(response);
    expect(env.openActionStatus).toHaveBeenCalledWith('jobs.42', [7], 'Reboot');
  });

  it("toasts the server's message, else the fallback, then closes with the body", () => {
    const { env, seen } = environment();
    expect(settleSuccess({ data: { success: true, message: 'Tag saved' } }, {}, fallback, env)).toBe(false);
    settleSuccess({ data: { success: true } }, {}, fallback, env);
    expect(seen).toEqual(['toast Tag saved', 'close', 'toast Tag created successfully', 'close']);
    expect(env.close).toHaveBeenLastCalledWith({ success: true });
  });

  it("the document's own text comes first; a hidden message shows none; leaveOpen keeps the dialog", () => {
    const { env, seen } = environment();
    settleSuccess({ data: { message: 'Server words' } }, { successMsg: 'Saved', leaveOpen: true }, fallback, env);
    settleSuccess({ data: { message: 'Server words' } }, { hideMsg: true }, fallback, env);
    expect(seen).toEqual(['toast Saved', 'close']);
  });
});
