// @vitest-environment jsdom
// The white-label theme of shell spec §1 and §3: every theme file carries the
// spec's fields (read from disk: the bundle's glob import only casts them), and
// applyTheme puts the main colour and favicon on the page.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeIndex } from '../routes/resolve';
import { applyTheme, type Theme } from './theme';

const dir = dirname(fileURLToPath(import.meta.url));
const themes = readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => [file, JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as Record<string, unknown>] as const);

describe('theme files', () => {
  it('are the default and the partner theme', () => {
    expect(themes.map(([file]) => file).sort()).toEqual(['default.json', 'partner.json']);
  });

  it.each(themes)('%s carries every field of the spec theme', (_file, theme) => {
    expect(theme.mainColor).toMatch(/^#[\da-f]{6}$/i);
    for (const key of ['name', 'companyName', 'appName', 'logo', 'favicon']) {
      expect(theme[key], key).toEqual(expect.stringMatching(/\S/));
    }
    // An empty buy notice hides it.
    expect(typeof theme.buyNotice).toBe('string');
    // "the mobile remote route is disabled"; every disabled route is a route of the table.
    expect(theme.disabledRoutes).toContain('remote.mobile');
    for (const name of theme.disabledRoutes as string[]) expect(routeIndex.has(name), name).toBe(true);
    for (const model of theme.brandedModels as Record<string, unknown>[]) {
      expect(Object.keys(model).sort()).toEqual(['branded_model', 'branded_model_image', 'original_model']);
    }
    for (const series of theme.brandedSeries as Record<string, unknown>[]) {
      expect(Object.keys(series).sort()).toEqual(['branded', 'original']);
    }
    expect(Array.isArray(theme.brandedModels) && Array.isArray(theme.brandedSeries)).toBe(true);
  });
});

describe('applyTheme', () => {
  it('sets the main colour variables, the favicon and the app name as the title', () => {
    document.head.innerHTML = '<link rel="icon" href="/old.ico">';
    const partner = Object.fromEntries(themes)['partner.json'] as unknown as Theme;
    applyTheme(partner);
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--primary')).toBe('#0f7b6c');
    expect(style.getPropertyValue('--primary-dark')).toMatch(/^#[\da-f]{6}$/);
    expect(style.getPropertyValue('--primary-dark')).not.toBe('#0f7b6c');
    expect(style.getPropertyValue('--theme-primary-soft')).toMatch(/^#[\da-f]{6}$/);
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.getAttribute('href')).toBe(partner.favicon);
    expect(document.title).toBe('Northwind Device Cloud');
  });
});
