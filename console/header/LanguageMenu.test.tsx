// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY } from '../../engine/i18n/i18n';
import { stubReload } from '../test-support/network';
import { LanguageMenu } from './LanguageMenu';

let reload: ReturnType<typeof stubReload>;

beforeEach(() => {
  localStorage.clear();
  reload = stubReload();
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Forms spec §4 and §9: choosing a language keeps it and reloads the page after 1 s.
describe('LanguageMenu', () => {
  it('offers en, no, ja and uk; choosing one keeps it and reloads after 1 s', () => {
    render(<LanguageMenu />);
    fireEvent.click(screen.getByRole('button', { name: /Languages/ }));
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual(['en', 'no', 'ja', 'uk']);
    fireEvent.click(screen.getByRole('radio', { name: '日本語' }));
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('ja');
    vi.advanceTimersByTime(999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
