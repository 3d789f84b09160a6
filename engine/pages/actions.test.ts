import { describe, expect, it, vi } from 'vitest';
import { devicesDoc as doc } from './sample-document';
import { runAction, type ActionEnvironment } from './actions';
import { SubmitCancelled } from '../submit/pipeline';
import { setMessages, t } from '../i18n/i18n';
import { translateDocument } from './translate';
import { reminders } from './preferences';

function env(overrides: Partial<ActionEnvironment> = {}): ActionEnvironment {
  return {
    openForm: vi.fn(async () => ({ success: true })),
    openPrompt: vi.fn(async () => true),
    confirm: vi.fn(async () => true),
    request: vi.fn(async () => ({ data: { success: true, meta: { channel: 'action-1' } } })),
    navigate: vi.fn(),
    download: vi.fn(async () => true),
    connect: vi.fn(),
    getSetting: vi.fn(() => undefined),
    lookupOptions: vi.fn(async () => [{ value: 7, label: 'Field' }]),
    done: vi.fn(),
    ...overrides,
  };
}

describe('runAction', () => {
  it('opens a form with route data', async () => {
    const e = env();
    const r = await runAction(doc.toolbarActions![0], { params: { company_id: '5' } }, e);
    expect(e.openForm).toHaveBeenCalledWith('add-device', {
      data: { company_id: '5' },
      reload: false,
      company_id: '5',
    });
    expect(r.kind).toBe('submitted');
  });
  it('a closed code prompt or password dialog is a cancel; a failure names the request it sent', async () => {
    const closed = env({ request: vi.fn(async () => Promise.reject(new SubmitCancelled())) });
    expect((await runAction(doc.bulkActions![0], { ids: [4] }, closed)).kind).toBe('cancelled');
    const refused = new Error('No');
    const failing = env({ request: vi.fn(async () => Promise.reject(refused)) });
    expect(await runAction(doc.bulkActions![0], { ids: [4] }, failing)).toMatchObject({
      kind: 'failed',
      error: refused,
      request: { method: 'delete', url: '/devices' },
    });
  });
  it("Connect opens a session on the row's remote access entry, within the click (before any await)", () => {
    const e = env();
    const action = { key: 'connect', label: 'Connect', connect: '{id}' };
    void runAction(action, { row: { id: 12, protocol: 'ssh' } }, e);
    expect(e.connect).toHaveBeenCalledWith('12');
    const none = env();
    void runAction(action, { row: { protocol: 'ssh' } }, none);
    expect(none.connect).not.toHaveBeenCalled();
  });
  it('a closed form is a cancel', async () => {
    const e = env({ openForm: vi.fn(async () => undefined) });
    expect((await runAction(doc.toolbarActions![0], {}, e)).kind).toBe('cancelled');
  });
  it('confirms, then calls the endpoint with the selection and hands off the channel', async () => {
    const e = env();
    const r = await runAction(doc.bulkActions![0], { ids: [4, 5] }, e);
    expect(e.confirm).toHaveBeenCalledWith({
      title: 'Delete 2 devices?',
      reminderKey: 'remind.delete-devices',
      prompt: true,
      useCancelResolve: true,
    });
    expect(e.request).toHaveBeenCalledWith({ method: 'delete', url: '/devices', data: { id: [4, 5] } });
    expect(r).toMatchObject({ kind: 'submitted', channel: 'action-1' });
    expect(e.done).toHaveBeenCalledWith(r);
  });
  it('a translated counted title is asked in the plural form of the selection, listed in its general form', async () => {
    setMessages('uk', {
      'Delete {count} devices?':
        'Видалити {count} пристрій?|Видалити {count} пристрої?|Видалити {count} пристроїв?|Видалити {count} пристрою?',
    });
    try {
      const local = translateDocument(doc, t);
      const e = env({ confirm: vi.fn(async () => false) });
      await runAction(local.bulkActions![0], { ids: [4] }, e);
      await runAction(local.bulkActions![0], { ids: [4, 5, 6] }, e);
      expect(vi.mocked(e.confirm).mock.calls.map(([d]) => d.title)).toEqual([
        'Видалити 1 пристрій?',
        'Видалити 3 пристрої?',
      ]);
      expect(reminders(local)[0].label).toBe('Видалити {count} пристрою?');
    } finally {
      setMessages('en', {});
    }
  });
  it('asks for a choice and sends the bulk data payload', async () => {
    const e = env({ confirm: vi.fn(async () => '7') });
    const assign = {
      key: 'assign',
      label: 'Assign tag',
      request: {
        method: 'put' as const,
        path: '/devices/tags/assign',
        bulk: 'data' as const,
        body: { tag_id: ['{$selected}'] },
      },
      confirm: { title: 'Assign a tag to {count} devices', selectBox: { label: 'Tag', lookup: { endpoint: '/tags' } } },
    };
    await runAction(assign, { ids: [1, 2] }, e);
    expect(e.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ selectBox: { label: 'Tag', required: true, options: [{ value: 7, label: 'Field' }] } }),
    );
    expect(e.request).toHaveBeenCalledWith({
      method: 'put',
      url: '/devices/tags/assign',
      data: {
        data: [
          { device_id: 1, tag_id: [7] },
          { device_id: 2, tag_id: [7] },
        ],
      },
    });
  });
  it('does not call the endpoint when the prompt is cancelled', async () => {
    const e = env({ confirm: vi.fn(async () => false) });
    expect((await runAction(doc.bulkActions![0], { ids: [1] }, e)).kind).toBe('cancelled');
    expect(e.request).not.toHaveBeenCalled();
  });
  it('skips the prompt when its reminder is off', async () => {
    const e = env({ getSetting: vi.fn(() => false) });
    await runAction(doc.bulkActions![0], { ids: [1] }, e);
    expect(e.confirm).not.toHaveBeenCalled();
    expect(e.request).toHaveBeenCalled();
  });
  it('reports failures and follows links', async () => {
    const e = env({ request: vi.fn(async () => Promise.reject(new Error('boom'))) });
    expect((await runAction(doc.bulkActions![0], { ids: [1] }, e)).kind).toBe('failed');
    await runAction(doc.rowActions![0], { row: { id: 9 } }, e);
    expect(e.navigate).toHaveBeenCalledWith('/devices/9');
  });
  it('downloads a file from the row, and says cancelled when the download failed', async () => {
    const action = { key: 'download', label: 'Download', download: '/files/{id}/download' };
    const e = env();
    expect((await runAction(action, { row: { id: 4 } }, e)).kind).toBe('downloaded');
    expect(e.download).toHaveBeenCalledWith('/files/4/download');
    expect(e.request).not.toHaveBeenCalled();
    const failing = env({ download: vi.fn(async () => false) });
    expect((await runAction(action, { row: { id: 4 } }, failing)).kind).toBe('cancelled');
  });
});
