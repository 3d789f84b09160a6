import { describe, expect, it } from 'vitest';
import { darkModeCookie, isDark, parseDarkMode } from './dark-mode';
import { chooseTheme, shade, termsStep, type Theme } from './theme';

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

describe('theme of a build', () => {
  const bundled = Object.fromEntries(['default', 'partner'].map((name) => [name, { name } as Theme]));
  const themes = (name: string) => bundled[name];

  it('ignores the local-storage preview in production builds', () => {
    expect(chooseTheme(themes, { preview: 'partner', development: false }).name).toBe('default');
    expect(chooseTheme(themes, { build: 'partner', preview: 'default', development: false }).name).toBe('partner');
  });

  it('honours the preview in development, falling back to the build theme and then default', () => {
    expect(chooseTheme(themes, { preview: 'partner', development: true }).name).toBe('partner');
    expect(chooseTheme(themes, { build: 'partner', preview: 'nope', development: true }).name).toBe('partner');
    expect(chooseTheme(themes, { build: 'nope', development: false }).name).toBe('default');
  });
});

describe('terms of service at start-up', () => {
  it('the default theme asks; other themes record silently once; accepted users are left alone', () => {
    expect(termsStep({ tos_accepted: false }, { name: 'default' }, false)).toBe('ask');
    expect(termsStep({ tos_accepted: false }, { name: 'default' }, true)).toBe('ask');
    expect(termsStep({ tos_accepted: false }, { name: 'partner' }, false)).toBe('record');
    expect(termsStep({ tos_accepted: false }, { name: 'partner' }, true)).toBe('none');
    expect(termsStep({ tos_accepted: true }, { name: 'default' }, false)).toBe('none');
  });
});
