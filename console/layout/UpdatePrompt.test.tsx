// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UpdatePrompt } from './UpdatePrompt';
import { updateState } from './updateCheck';
import { ScrollTop } from './ScrollTop';

afterEach(cleanup);

describe('UpdatePrompt', () => {
  it('appears when an update is available and Later dismisses it', async () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => {
      updateState.available = true;
    });
    expect(await screen.findByRole('alertdialog', { name: 'A new version is available' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('ScrollTop', () => {
  it('appears only after scrolling more than 300 px', () => {
    render(<ScrollTop />);
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
    scrollTo(300);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scrollTo(301);
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeTruthy();
  });
});
