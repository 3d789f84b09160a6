/** Dark mode preference of forms spec §2, kept in a cookie (shell spec §1). */
export type DarkMode = 'auto' | 'enable' | 'disable';
export const DARK_MODES: DarkMode[] = ['auto', 'enable', 'disable'];
export const DARK_MODE_COOKIE = 'dark_mode';

export function parseDarkMode(cookieString: string): DarkMode {
  for (const part of cookieString.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DARK_MODE_COOKIE && (DARK_MODES as string[]).includes(value)) return value as DarkMode;
  }
  return 'auto';
}

/** Auto follows the operating system. */
export function isDark(mode: DarkMode, systemPrefersDark: boolean): boolean {
  return mode === 'enable' || (mode === 'auto' && systemPrefersDark);
}

export function darkModeCookie(mode: DarkMode): string {
  return `${DARK_MODE_COOKIE}=${mode}; path=/; max-age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}
