import { proxy } from 'valtio/vanilla';
import { darkModeCookie, isDark, parseDarkMode, type DarkMode } from '../../engine/theme/dark-mode';

export const darkModeState = proxy<{ mode: DarkMode }>({ mode: 'auto' });

const media = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function paint(): void {
  const dark = isDark(darkModeState.mode, Boolean(media()?.matches));
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/** Reads the preference from its cookie and paints. */
export function readDarkMode(): void {
  darkModeState.mode = parseDarkMode(document.cookie);
  paint();
}

/** Reads the cookie, paints, and follows the operating system while on Auto. */
export function initDarkMode(): void {
  readDarkMode();
  media()?.addEventListener?.('change', paint);
}

export function setDarkMode(mode: DarkMode): void {
  darkModeState.mode = mode;
  document.cookie = darkModeCookie(mode);
  paint();
}
