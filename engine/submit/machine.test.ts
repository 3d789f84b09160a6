import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors';
import type { HttpConfig, HttpResponse } from '../http/types';
import {
  createSubmission,
  type FieldErrors,
  type SubmitBehaviour,
  type SubmitEnvironment,
  type SubmitRequest,
} from './machine';

type Handler = (config: HttpConfig) => unknown;

function ok(config: HttpConfig, data: unknown, status = 200): HttpResponse {
  return { status, statusText: 'OK', data, headers: new Headers(), config };
}
function fail(config: HttpConfig, status: number, data: unknown): HttpError {
  return new HttpError(`Request failed with status code ${status}`, config, { status, statusText: 'Err', data });
}

/** The form's error store, as the machine writes to it. */
function errorStore() {
  let server: Record<string, string[]> = {};
  const cleared: string[][] = [];
  const store: FieldErrors = {
    setServerErrors: (errors) => void (server = errors),
    clearClientErrors: (keys) => void cleared.push([...keys]),
    serverErrors: () => server,
  };
  return { store, cleared, server: () => server };
}

function setup(handler: Handler, behaviour: Partial<SubmitBehaviour> = {}, envPatch: Partial<SubmitEnvironment> = {}) {
  const calls: HttpConfig[] = [];
  const errors = errorStore();
  const env: SubmitEnvironment = {
    http: {
      request: vi.fn(async (config: HttpConfig) => {
        calls.push(config);
        const out = handler(config);
        if (out instanceof Error) throw out;
        return ok(config, out) as never;
      }),
    },
    toast: vi.fn(),
    askMfaCode: vi.fn(async () => undefined),
    askPassword: vi.fn(async () => undefined),
    openActionStatus: vi.fn(),
    openErrorModal: vi.fn(),
    mapErrors: (items, keys) => {
      const fields: Record<string, string[]> = {};
      const general: string[] = [];
      for (const e of items) {
        if (e.source && keys.includes(e.source)) (fields[e.source] ??= []).push(e.message);
        else general.push(e.message);
      }
      return { fields, general, clear: [] };
    },
    successMessage: () => 'Tag created successfully',
    failureMessage: () => 'Failed to create tag (Err)',
    close: vi.fn(),
    navigateBack: vi.fn(),
    emitReload: vi.fn(),
    ...envPatch,
  };
  const submission = createSubmission({ fieldKeys: ['name', 'company_id'], errors: errors.store, ...behaviour }, env);
  return { env, calls, submission, errors };
}

const request: SubmitRequest = { method: 'post', url: '/tags', data: { name: 'Lab', company_id: 1 } };

describe('submit state machine', () => {
  it('succeeds: server message toast, close, reload-data', async () => {
    const { env, submission, calls } = setup(() => ({ success: true, data: { id: 5 }, message: 'Saved!' }));
    const response = await submission.submit(request);
    expect(response?.status).toBe(200);
    expect(calls[0]).toMatchObject({ method: 'post', url: '/tags', data: { name: 'Lab', company_id: 1 } });
    expect(submission.state.status).toBe('succeeded');
    expect(env.toast).toHaveBeenCalledWith({ message: 'Saved!', type: 'success' });
    expect(env.close).toHaveBeenCalled();
    expect(env.emitReload).toHaveBeenCalledWith(undefined);
    expect(env.navigateBack).not.toHaveBeenCalled();
  });

  it('uses the custom success message, none when hidden, else the result message', async () => {
    const a = setup(() => ({ success: true }), { successMsg: 'Custom' });
    await a.submission.submit(request);
    expect(a.env.toast).toHaveBeenCalledWith({ message: 'Custom', type: 'success' });
    const b = setup(() => ({ success: true }), { hideMsg: true });
    await b.submission.submit(request);
    expect(b.env.toast).not.toHaveBeenCalled();
    const c = setup(() => ({ success: true }));
    await c.submission.submit(request);
    expect(c.env.toast).toHaveBeenCalledWith({ message: 'Tag created successfully', type: 'success' });
  });

  it('leaveOpen keeps the modal; the form route goes back unless skipNavigate; reload false emits nothing', async () => {
    const a = setup(() => ({ success: true }), { leaveOpen: true, reload: false });
    await a.submission.submit(request);
    expect(a.env.close).not.toHaveBeenCalled();
    expect(a.env.emitReload).not.toHaveBeenCalled();
    const b = setup(() => ({ success: true }), { onFormRoute: true });
    await b.submission.submit(request);
    expect(b.env.navigateBack).toHaveBeenCalledTimes(1);
    expect(b.env.emitReload).not.toHaveBeenCalled();
    const c = setup(() => ({ success: true }), { onFormRoute: true, skipNavigate: true });
    await c.submission.submit(request);
    expect(c.env.navigateBack).not.toHaveBeenCalled();
  });

  it('runs the success callback with the response body', async () => {
    const onSuccess = vi.fn();
    const { submission } = setup(() => ({ success: true, data: { id: 9 } }), { onSuccess, tableRef: 'tags' });
    await submission.submit(request);
    expect(onSuccess).toHaveBeenCalledWith({ success: true, data: { id: 9 } });
  });

  it('ignores a second submit while waiting', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { env, submission } = setup(() => ({ success: true }));
    (env.http.request as ReturnType<typeof vi.fn>).mockImplementationOnce(async (config: HttpConfig) => {
      await gate;
      return ok(config, { success: true });
    });
    const first = submission.submit(request);
    expect(submission.state.status).toBe('waiting');
    await expect(submission.submit(request)).resolves.toBeUndefined();
    release();
    await first;
    expect(env.http.request).toHaveBeenCalledTimes(1);
  });

  it('maps errors to fields by source (in the form store) and the rest to the general list', async () => {
    const { submission, env, errors } = setup((c) =>
      fail(c, 422, {
        success: false,
        errors: [
          { code: 'VALIDATION_ERROR', message: 'Name is taken', source: 'name' },
          { code: 'X', message: 'Something else', source: null },
        ],
      }),
    );
    await submission.submit(request);
    expect(submission.state).toMatchObject({ status: 'failed', generalErrors: ['Something else'] });
    expect(errors.server()).toEqual({ name: ['Name is taken'] });
    expect(env.close).not.toHaveBeenCalled();
  });

  it('clears the fields the mapping names (password_confirmation after a password error) and tells the form', async () => {
    const { submission, errors } = setup(
      (c) => fail(c, 422, { success: false, errors: [{ code: 'X', message: 'Too weak', source: 'password' }] }),
      { fieldKeys: ['password', 'password_confirmation'] },
      {
        mapErrors: () => ({
          fields: { password: ['Too weak'], password_confirmation: ['Stale'] },
          general: [],
          clear: ['password_confirmation'],
        }),
      },
    );
    await submission.submit(request);
    expect(errors.server()).toEqual({ password: ['Too weak'] });
    expect(errors.cleared).toEqual([['password_confirmation']]);
  });

  it('shows a single general error as a toast when asked, or opens the Error modal with modalError', async () => {
    const body = { success: false, errors: [{ code: 'FORBIDDEN', message: 'No way', source: null }] };
    const a = setup((c) => fail(c, 403, body), { toastErrors: true });
    await a.submission.submit(request);
    expect(a.env.toast).toHaveBeenCalledWith({ message: 'No way', type: 'error' });
    expect(a.submission.state.generalErrors).toEqual([]);
    const b = setup((c) => fail(c, 403, body), { modalError: true });
    await b.submission.submit(request);
    expect(b.env.openErrorModal).toHaveBeenCalledWith(['No way']);
  });

  it('shows each general message once, so a repeated one alone is a single error (a toast when asked)', async () => {
    const twice = {
      success: false,
      errors: [
        { code: 'X', message: 'Tag limit reached.', source: null },
        { code: 'X', message: 'Tag limit reached.', source: null },
      ],
    };
    const a = setup((c) => fail(c, 422, twice));
    await a.submission.submit(request);
    expect(a.submission.state.generalErrors).toEqual(['Tag limit reached.']);
    const b = setup((c) => fail(c, 422, twice), { toastErrors: true });
    await b.submission.submit(request);
    expect(b.env.toast).toHaveBeenCalledWith({ message: 'Tag limit reached.', type: 'error' });
  });

  it('opens the Error modal with one message per field (modalError)', async () => {
    const { submission, env } = setup(
      (c) =>
        fail(c, 422, {
          success: false,
          errors: [
            { code: 'X', message: 'Name is taken', source: 'name' },
            { code: 'X', message: 'Name is too long', source: 'name' },
            { code: 'X', message: 'Something else', source: null },
          ],
        }),
      { modalError: true },
    );
    await submission.submit(request);
    expect(env.openErrorModal).toHaveBeenCalledWith(['Name is taken', 'Something else']);
  });

  it('uses the failure message without error items and the send message for a non-object response', async () => {
    const a = setup((c) => fail(c, 500, { success: false }));
    await a.submission.submit(request);
    expect(a.submission.state.generalErrors).toEqual(['Failed to create tag (Err)']);
    const b = setup((c) => fail(c, 502, '<html>bad gateway</html>'));
    await b.submission.submit(request);
    expect(b.submission.state.generalErrors).toEqual(['Failed to send request. Try again later']);
  });

  it('hands over to a custom error callback', async () => {
    const onError = vi.fn();
    const { submission, errors } = setup((c) => fail(c, 422, { errors: [{ message: 'x', source: 'name' }] }), {
      onError,
    });
    await submission.submit(request);
    expect(onError).toHaveBeenCalled();
    expect(errors.server()).toEqual({});
  });

  it('MFA_REQUIRED: opens the code prompt and resends with session_code and session_uuid', async () => {
    const mfaBody = {
      success: false,
      errors: [{ code: 'MFA_REQUIRED', message: 'Enter the code', source: null }],
      meta: { mfa_method: 'totp', session_uuid: 'abc' },
    };
    const handler: Handler = (c) => {
      const data = c.data as Record<string, unknown>;
      if (!data.session_code) return fail(c, 403, mfaBody);
      if (data.session_code !== '123456')
        return fail(c, 403, { errors: [{ code: 'CONFIRMATION_FAILED', message: 'Wrong code', source: null }] });
      return { success: true };
    };
    const outcomes: unknown[] = [];
    const askMfaCode: SubmitEnvironment['askMfaCode'] = async (challenge, verify) => {
      expect(challenge).toMatchObject({ method: 'totp', sessionKey: 'session_uuid', session: 'abc' });
      const wrong = await verify('000000');
      outcomes.push(wrong);
      const right = await verify(' 123456 ');
      outcomes.push(right.ok);
      return right.ok ? right.value : undefined;
    };
    const { submission, calls, env } = setup(handler, {}, { askMfaCode });
    await submission.submit(request);
    expect(outcomes[0]).toEqual({ ok: false, errors: ['Wrong code'] });
    expect(outcomes[1]).toBe(true);
    expect(calls[2].data).toEqual({ name: 'Lab', company_id: 1, session_code: '123456', session_uuid: 'abc' });
    expect(submission.state.status).toBe('succeeded');
    expect(env.close).toHaveBeenCalled();
  });

  it('MFA_REQUIRED answering the resubmission keeps the one prompt open with its message; a right code then succeeds', async () => {
    const challenge = (message: string) => ({
      success: false,
      errors: [{ code: 'MFA_REQUIRED', message, source: null }],
      meta: { mfa_method: 'totp', session_uuid: 'abc' },
    });
    const handler: Handler = (c) => {
      const code = (c.data as Record<string, unknown>).session_code;
      if (!code) return fail(c, 403, challenge('Enter the code'));
      if (code !== '123456') return fail(c, 403, challenge('The code has expired, enter a new one'));
      return { success: true, message: 'Saved!' };
    };
    const outcomes: unknown[] = [];
    const askMfaCode = vi.fn<SubmitEnvironment['askMfaCode']>(async (_challenge, verify) => {
      // A second prompt (the resubmission's MFA_REQUIRED opening one) is dismissed at once.
      if (askMfaCode.mock.calls.length > 1) return undefined;
      outcomes.push(await verify('000000'));
      const right = await verify('123456');
      return right.ok ? right.value : undefined;
    });
    const { submission, env } = setup(handler, {}, { askMfaCode });
    await submission.submit(request);
    expect(askMfaCode).toHaveBeenCalledTimes(1);
    expect(outcomes[0]).toEqual({ ok: false, errors: ['The code has expired, enter a new one'] });
    expect(submission.state.status).toBe('succeeded');
    expect(env.toast).toHaveBeenCalledWith({ message: 'Saved!', type: 'success' });
    expect(env.close).toHaveBeenCalled();
  });

  it('MFA: other failures close the prompt and fail the form; cancelling returns to idle', async () => {
    const mfaBody = {
      errors: [{ code: 'MFA_REQUIRED', message: 'Code', source: null }],
      meta: { mfa_type: 'email', session_id: 7 },
    };
    const handler: Handler = (c) =>
      (c.data as Record<string, unknown>).session_code
        ? fail(c, 422, { errors: [{ code: 'VALIDATION_ERROR', message: 'Bad name', source: 'name' }] })
        : fail(c, 403, mfaBody);
    const askMfaCode: SubmitEnvironment['askMfaCode'] = async (_c, verify) => verify('1');
    const a = setup(handler, {}, { askMfaCode });
    await a.submission.submit(request);
    expect(a.errors.server()).toEqual({ name: ['Bad name'] });
    const b = setup(handler);
    await b.submission.submit(request);
    expect(b.submission.state.status).toBe('idle');
  });

  it('MFA with an unknown method and no message: Failed to connect to server', async () => {
    const { submission } = setup((c) =>
      fail(c, 403, { errors: [{ code: 'MFA_REQUIRED', message: '', source: null }], meta: { mfa_method: 'sms' } }),
    );
    await submission.submit(request);
    expect(submission.state.generalErrors).toEqual(['Failed to connect to server']);
  });

  it('HTTP 423: password dialog with the server message, POST /password-confirmation, retry', async () => {
    let confirmed = false;
    const handler: Handler = (c) => {
      if (c.url === '/password-confirmation') {
        if ((c.data as { password: string }).password !== 'Demo-Password-1')
          return fail(c, 422, {
            errors: [{ code: 'INVALID_PASSWORD', message: 'Wrong password', source: 'password' }],
          });
        confirmed = true;
        return { success: true };
      }
      return confirmed ? { success: true } : fail(c, 423, { success: false, message: 'Confirm your password' });
    };
    const seen: unknown[] = [];
    const askPassword: SubmitEnvironment['askPassword'] = async (message, confirm) => {
      seen.push(message);
      seen.push(await confirm({ password: 'nope' }));
      const result = await confirm({ password: 'Demo-Password-1' });
      return result.ok ? result.value : undefined;
    };
    const { submission, calls } = setup(handler, {}, { askPassword });
    await submission.submit({ method: 'delete', url: '/admin/users/a%40b.c' });
    expect(seen).toEqual(['Confirm your password', { ok: false, errors: ['Wrong password'] }]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'delete /admin/users/a%40b.c',
      'post /password-confirmation',
      'post /password-confirmation',
      'delete /admin/users/a%40b.c',
    ]);
    expect(calls[0].data).toBeUndefined();
    expect(submission.state.status).toBe('succeeded');
  });

  it('DELETE resends the MFA fields in the query, never in a body', async () => {
    const handler: Handler = (c) =>
      (c.params as Record<string, unknown> | undefined)?.session_code
        ? { success: true }
        : fail(c, 403, {
            errors: [{ code: 'MFA_REQUIRED', message: 'MFA', source: null }],
            meta: { mfa_method: 'totp', session_id: 's1', session_uuid: 's1' },
          });
    const askMfaCode: SubmitEnvironment['askMfaCode'] = async (_c, verify) => {
      const r = await verify('111111');
      return r.ok ? r.value : undefined;
    };
    const { submission, calls } = setup(handler, {}, { askMfaCode });
    await submission.submit({ method: 'delete', url: '/admin/users/x%40y.z/mfa' });
    expect(calls[1]).toMatchObject({ method: 'delete', params: { session_code: '111111', session_uuid: 's1' } });
    expect(calls[1].data).toBeUndefined();
    expect(submission.state.status).toBe('succeeded');
  });

  it('an action channel replaces the modal with the action status modal', async () => {
    const { submission, env } = setup(() => ({ success: true, meta: { channel: 'jobs.42' } }), {
      selection: [{ id: 1 }],
    });
    await submission.submit(request);
    expect(env.close).toHaveBeenCalled();
    expect(env.openActionStatus).toHaveBeenCalledWith('jobs.42', [{ id: 1 }], undefined);
    expect(env.toast).not.toHaveBeenCalled();
  });

  it('sends multipart as FormData', async () => {
    const { submission, calls } = setup(() => ({ success: true }));
    await submission.submit({ method: 'post', url: '/up', data: { system: 'rutos', tags: [] }, multipart: true });
    const form = calls[0].data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.entries()]).toEqual([
      ['system', 'rutos'],
      ['tags[]', ''],
    ]);
  });
});
