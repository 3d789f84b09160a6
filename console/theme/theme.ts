import { isDefaultTheme, shade, type Theme } from '../../engine/theme/theme';

export type { Theme } from '../../engine/theme/theme';
export { isDefaultTheme };

const themes = import.meta.glob<Theme>('./*.json', { eager: true, import: 'default' });

/** Local-storage key of the preview override (choose a bundled theme without a rebuild). */
export const THEME_PREVIEW_KEY = 'theme_preview';

function byName(name: string | null | undefined): Theme | undefined {
  return name ? themes[`./${name}.json`] : undefined;
}

/** The theme of this build (VITE_THEME, default `default`), or a bundled one chosen for preview. */
export function selectTheme(): Theme {
  let preview: string | null;
  try {
    preview = localStorage.getItem(THEME_PREVIEW_KEY);
  } catch {
    preview = null;
  }
  return byName(preview) ?? byName(import.meta.env.VITE_THEME as string | undefined) ?? byName('default')!;
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
