import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors';
import type { HttpConfig, HttpResponse } from '../http/types';
import type { SubmitEnvironment } from '../submit/machine';
import type { FormDocument } from '../schema/types';
import { createFormController } from './controller';

// The controller as the composition root of a running form: everything outside
// the form comes through the environment it is given (here a fake HTTP and
// toasts), and its field store is the one store of client and server errors.

const doc: FormDocument = {
  $schema: '',
  title: 'Edit tag',
  endpoint: '/tags/{id}',
  method: 'put',
  load: '/tags/:id',
  item: 'tag',
  verb: 'update',
  fields: [
    { key: 'name', label: 'Name', type: 'text', required: true },
    { key: 'password', label: 'Password', type: 'password' },
    { key: 'password_confirmation', label: 'Confirm', type: 'password' },
  ],
};

function environment(answer: (config: HttpConfig) => unknown) {
  const calls: HttpConfig[] = [];
  const env = {
    http: {
      request: vi.fn(async (config: HttpConfig) => {
        calls.push(config);
        const out = answer(config);
        if (out instanceof Error) throw out;
        return { status: 200, statusText: 'OK', data: out, headers: new Headers(), config } as HttpResponse;
      }),
    },
    toast: vi.fn(),
    askMfaCode: vi.fn(),
    askPassword: vi.fn(),
    openActionStatus: vi.fn(),
    openErrorModal: vi.fn(),
    mapErrors: (items: { source?: string | null; message: string }[]) => ({
      fields: Object.fromEntries(items.map((e) => [String(e.source), [e.message]])),
      general: [],
      clear: [],
    }),
    successMessage: () => 'Tag updated successfully',
    failureMessage: () => 'Failed to update tag',
    close: vi.fn(),
    navigateBack: vi.fn(),
    emitReload: vi.fn(),
  } as unknown as SubmitEnvironment;
  return { env, calls };
}

const refused = (config: HttpConfig, sources: string[]) =>
  new HttpError('422', config, {
    status: 422,
    statusText: 'Unprocessable',
    data: {
      success: false,
      errors: sources.map((source) => ({ code: 'VALIDATION_ERROR', message: `Bad ${source}`, source })),
    },
  });

describe('form controller', () => {
  it('loads the item and submits through the environment it is given', async () => {
    const { env, calls } = environment((c) =>
      c.method === 'get' ? { data: { name: 'Lab', extra: 1 } } : { success: true, message: 'Saved' },
    );
    const controller = createFormController({ doc, fields: doc.fields, values: {}, behaviour: {}, env, id: 4 });
    await controller.load();
    expect(controller.values()).toMatchObject({ name: 'Lab' });
    controller.setValue('name', 'Roof');
    expect(await controller.submit()).toBeUndefined();
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['get', '/tags/4'],
      ['put', '/tags/4'],
    ]);
    expect(calls[1].data).toEqual({ name: 'Roof' });
    expect(calls[1].headers).toBeUndefined();
    expect(env.toast).toHaveBeenCalledWith({ message: 'Saved', type: 'success' });
    expect(controller.submitState.status).toBe('succeeded');
  });

  it('names its document in the submission (X-Form), so the server checks it by that form', async () => {
    const { env, calls } = environment((c) => (c.method === 'get' ? { data: { name: 'Lab' } } : { success: true }));
    const controller = createFormController({
      name: 'edit-tag',
      doc,
      fields: doc.fields,
      values: {},
      behaviour: {},
      env,
      id: 4,
    });
    await controller.load();
    controller.setValue('name', 'Roof');
    await controller.submit();
    expect(calls.map((c) => [c.method, c.headers])).toEqual([
      ['get', undefined],
      ['put', { 'X-Form': 'edit-tag' }],
    ]);
  });

  it("keeps the server's field errors in its one store, cleared by editing the field (a password, its confirmation's too)", async () => {
    const { env } = environment((c) =>
      c.method === 'get' ? { data: { name: 'Lab' } } : refused(c, ['password', 'password_confirmation']),
    );
    const controller = createFormController({
      doc,
      fields: doc.fields,
      values: { name: 'Lab' },
      behaviour: {},
      env,
      id: 4,
    });
    await controller.load();
    expect(await controller.submit()).toBe('password');
    expect(controller.field('password').error).toBe('Bad password');
    expect(controller.field('password_confirmation').error).toBe('Bad password_confirmation');
    controller.setValue('password', 'new');
    expect(controller.field('password').error).toBeUndefined();
    expect(controller.serverErrors()).toEqual({});
  });

  it('tells a failed load through the environment, as a toast', async () => {
    const { env } = environment((c) => new HttpError('500', c, { status: 500, statusText: 'Server Error', data: {} }));
    const controller = createFormController({ doc, fields: doc.fields, values: {}, behaviour: {}, env, id: 4 });
    await controller.load();
    expect(env.toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
    expect(controller.form().loading).toBe(false);
  });
});
