// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test-support/network';
import { ANNOUNCEMENTS_DISMISSED_KEY, Announcements } from './Announcements';

let announcements: { id: number; type: string; summary: string }[];

beforeEach(() => {
  localStorage.clear();
  announcements = [
    { id: 1, type: 'maintenance', summary: '<p style="position:fixed">Tonight <b>22:00</b></p><style>*{}</style>' },
  ];
  stubFetch(async () => jsonResponse({ success: true, data: announcements }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Announcements (forms spec §2, §4)', () => {
  it('shows the badge until the list is opened, remembered under the key dated 2025-03-07', async () => {
    expect(ANNOUNCEMENTS_DISMISSED_KEY).toBe('system_announcements_dismissed_2025-03-07');
    const first = render(<Announcements />);
    const button = await screen.findByRole('button', { name: 'System announcements' });
    expect(button.querySelector('.counter')).not.toBeNull();
    fireEvent.click(button);
    expect(screen.getByText('Scheduled maintenance')).toBeTruthy();
    // The body is HTML without styles.
    await waitFor(() => expect(document.querySelector('.announcement-body')).not.toBeNull());
    expect(document.querySelector('.announcement-body')!.innerHTML).toBe('<p>Tonight <b>22:00</b></p>');
    expect(button.querySelector('.counter')).toBeNull();
    expect(localStorage.getItem(ANNOUNCEMENTS_DISMISSED_KEY)).toBe('1');
    first.unmount();
    // A later visit keeps the badge hidden.
    render(<Announcements />);
    const again = await screen.findByRole('button', { name: 'System announcements' });
    expect(again.querySelector('.counter')).toBeNull();
  });

  it("opening reads the list again: withdrawn since the page loaded, it says 'No system announcements'", async () => {
    render(<Announcements />);
    const button = await screen.findByRole('button', { name: 'System announcements' });
    announcements = [];
    fireEvent.click(button);
    expect(await screen.findByText('No system announcements')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is not shown when no announcement exists', async () => {
    announcements = [];
    render(<Announcements />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'System announcements' })).toBeNull();
  });
});
