import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors';
import type { HttpConfig } from '../http/types';
import { fetchDownload, fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('reads filename* first, then filename, and falls back', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''r%C3%A9port.csv`)).toBe(
      'réport.csv',
    );
    expect(fileNameFromDisposition('attachment; filename="fw.bin"')).toBe('fw.bin');
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameFromDisposition(null, 'file')).toBe('file');
  });
});

describe('fetchDownload', () => {
  const headers = new Headers({ 'content-disposition': 'attachment; filename="config.tar.gz"' });

  it('replaces :id, asks for a blob and retries once on 401', async () => {
    const blob = new Blob(['x']);
    const get = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('401', { url: '/files/5/download' }, { status: 401 }))
      .mockResolvedValueOnce({ status: 200, statusText: 'OK', data: blob, headers, config: {} as HttpConfig });
    const file = await fetchDownload({ get }, '/files/:id/download', 5);
    expect(get).toHaveBeenCalledTimes(2);
    expect(get.mock.calls[0]).toEqual(['/files/5/download', { responseType: 'blob', skipCancel: true }]);
    expect(file).toEqual({ blob, fileName: 'config.tar.gz' });
  });

  it('rejects with the toast text on other failures', async () => {
    const get = vi
      .fn()
      .mockRejectedValue(new HttpError('404', { url: '/f' }, { status: 404, statusText: 'Not Found' }));
    await expect(fetchDownload({ get }, '/f')).rejects.toThrow('Failed to get file (Not Found)');
    expect(get).toHaveBeenCalledTimes(1);
  });
});
