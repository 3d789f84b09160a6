import { describe, expect, it } from 'vitest';
import { darkModeCookie, isDark, parseDarkMode } from './dark-mode';
import { shade } from './theme';

describe('dark mode', () => {
  it('reads the cookie, defaulting to auto', () => {
    expect(parseDarkMode('a=1; dark_mode=enable')).toBe('enable');
    expect(parseDarkMode('dark_mode=bogus')).toBe('auto');
    expect(parseDarkMode('')).toBe('auto');
    expect(darkModeCookie('disable')).toMatch(/^dark_mode=disable; path=\//);
  });

  it('auto follows the system', () => {
    expect(isDark('auto', true)).toBe(true);
    expect(isDark('auto', false)).toBe(false);
    expect(isDark('enable', false)).toBe(true);
    expect(isDark('disable', true)).toBe(false);
  });
});

describe('shade', () => {
  it('mixes toward white and black', () => {
    expect(shade('#000000', 0.5)).toBe('#808080');
    expect(shade('#ffffff', -1)).toBe('#000000');
    expect(shade('nope', 0.2)).toBe('nope');
  });
});
