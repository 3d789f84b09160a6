import { chooseTheme, isDefaultTheme, shade, type Theme } from '../../engine/theme/theme';

export type { Theme } from '../../engine/theme/theme';
export { isDefaultTheme };

const themes = import.meta.glob<Theme>('./*.json', { eager: true, import: 'default' });

/** Local-storage key of the preview override (development builds only: choose a bundled theme without a rebuild). */
export const THEME_PREVIEW_KEY = 'theme_preview';

function storedPreview(): string | null {
  try {
    return localStorage.getItem(THEME_PREVIEW_KEY);
  } catch {
    return null;
  }
}

/** The theme of this build (VITE_THEME, default `default`); in development a bundled one chosen for preview. */
export function selectTheme(): Theme {
  return chooseTheme((name) => themes[`./${name}.json`], {
    build: import.meta.env.VITE_THEME as string | undefined,
    preview: import.meta.env.DEV ? storedPreview() : null,
    development: import.meta.env.DEV,
  });
}

export const theme: Theme = selectTheme();

/** Main colour as CSS variables, favicon and document title. */
export function applyTheme(current: Theme = theme): void {
  const root = document.documentElement.style;
  root.setProperty('--primary', current.mainColor);
  root.setProperty('--primary-dark', shade(current.mainColor, -0.25));
  root.setProperty('--theme-primary-soft', shade(current.mainColor, 0.9));
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = current.favicon;
  document.title = current.appName;
}
