// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endTransfer, startTransfer, updateTransfer } from '../../engine/http/transfers';
import { TransferProgress } from './TransferProgress';

afterEach(cleanup);

describe('TransferProgress', () => {
  it('shows each running transfer with its percent, and nothing when none runs', async () => {
    render(<TransferProgress />);
    expect(screen.queryByRole('list')).toBeNull();
    let upload = 0;
    let download = 0;
    await act(async () => {
      upload = startTransfer('upload', 'RUTX_R_00.07.06.bin');
      download = startTransfer('download', 'backup.tar.gz');
      updateTransfer(upload, 20, 80);
    });
    const uploadBar = screen.getByRole('progressbar', { name: 'Uploading RUTX_R_00.07.06.bin' });
    expect(uploadBar.getAttribute('value')).toBe('25');
    expect(screen.getByText('25 %')).toBeTruthy();
    // Size unknown: an indeterminate bar.
    expect(screen.getByRole('progressbar', { name: 'Downloading backup.tar.gz' }).hasAttribute('value')).toBe(false);
    await act(async () => {
      endTransfer(upload);
      endTransfer(download);
    });
    expect(screen.queryByRole('list')).toBeNull();
  });
});
