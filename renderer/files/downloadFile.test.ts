// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('../../engine/http/client', () => ({ http: { get: (...args: unknown[]) => get(...args) } }));

import { HttpError } from '../../engine/http/errors';
import { clearToasts, toasts } from '../../engine/stores/toasts';
import { downloadFile } from './downloadFile';

describe('downloadFile', () => {
  afterEach(() => {
    clearToasts();
    get.mockReset();
  });

  it('saves the blob under the content-disposition name', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    get.mockResolvedValue({
      status: 200,
      data: new Blob(['x']),
      headers: new Headers({ 'content-disposition': 'attachment; filename="backup-7.tar.gz"' }),
    });
    await expect(downloadFile('/files/:id/download', 7)).resolves.toBe(true);
    expect(get.mock.calls[0][0]).toBe('/files/7/download');
    expect(clicked).toEqual(['backup-7.tar.gz']);
    click.mockRestore();
  });

  it('shows an error toast when the download fails', async () => {
    get.mockRejectedValue(
      new HttpError('x', { url: '/f' }, { status: 404, data: { errors: [{ message: 'File not found.' }] } }),
    );
    await expect(downloadFile('/f')).resolves.toBe(false);
    expect(toasts.list.map((t) => [t.message, t.type])).toEqual([['File not found.', 'error']]);
  });
});
