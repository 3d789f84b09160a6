// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, toasts } from '../../engine/stores/toasts';
import { answerEvery, stubReload } from '../test-support/network';

// The confirmation dialog answers yes at once; what is under test is the call and its failure.
vi.mock('../../engine/prompts/confirm', () => ({ confirm: async () => true }));

const { ImpersonationStatus } = await import('./ImpersonationStatus');

let reload: ReturnType<typeof stubReload>;

beforeEach(() => {
  reload = stubReload();
  answerEvery({ success: false, errors: [{ code: 'CONFLICT', message: 'Access already ended', source: null }] }, 409);
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
});

// Spec 001 §8: a failed revoke of impersonation access shows the server's message in a toast.
describe('ImpersonationStatus revoke', () => {
  it("a failed revoke toasts the server's message and does not reload", async () => {
    render(<ImpersonationStatus until={new Date('2026-12-03T10:00:00Z')} />);
    fireEvent.click(screen.getByRole('button', { name: /Impersonation/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Revoke access' }));
    });
    await vi.waitFor(() =>
      expect(toasts.list.map((t) => [t.message, t.type])).toEqual([['Access already ended', 'error']]),
    );
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect([init.method, url]).toEqual(['POST', '/api/user/revoke-impersonation-access']);
    expect(reload).not.toHaveBeenCalled();
  });
});
