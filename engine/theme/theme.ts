import type { BrandedModel, BrandedSeries } from '../device/branding';

/** White-label theme of shell spec §1 and §3. One JSON file per theme. */
export interface Theme {
  /** Theme id; `default` is the vendor's own theme (data-agreement dialog, buy links). */
  name: string;
  mainColor: string;
  companyName: string;
  appName: string;
  logo: string;
  favicon: string;
  /** Buy notice text; empty hides it. */
  buyNotice: string;
  /** Route names hidden from menu and routing (with their nested routes). */
  disabledRoutes: string[];
  brandedModels: BrandedModel[];
  brandedSeries: BrandedSeries[];
  /** Optional socket URL; the same host when absent. */
  socketUrl?: string;
  /** External account area (account menu 'Account settings'); hidden when absent. */
  accountUrl?: string;
  /** Store link of the buy notice ('Get more resources'). */
  buyUrl?: string;
  /** Help site: a route with a help page links to `{helpBaseUrl}/{route name}` (forms spec §2). */
  helpBaseUrl?: string;
  /** Company data display (forms spec §6: company data and credit summary in the account menu). */
  showCompanyData?: boolean;
}

export function isDefaultTheme(theme: Pick<Theme, 'name'>): boolean {
  return theme.name === 'default';
}

/**
 * The theme of a build: the one named at build time, else `default`. The
 * local-storage preview (choose a bundled theme without a rebuild) is a
 * development switch only: in a production build it would let anyone change
 * the white label and, with it, skip the data-agreement dialog.
 */
export function chooseTheme(
  themes: (name: string) => Theme | undefined,
  choice: { build?: string; preview?: string | null; development: boolean },
): Theme {
  const preview = choice.development && choice.preview ? themes(choice.preview) : undefined;
  return preview ?? (choice.build ? themes(choice.build) : undefined) ?? themes('default')!;
}

/**
 * Terms of service at start-up (shell spec §4): nothing when accepted; the
 * default theme asks with the data-agreement dialog; other themes record
 * acceptance silently, once (the dated local flag).
 */
export function termsStep(
  user: { tos_accepted: boolean },
  theme: Pick<Theme, 'name'>,
  acceptedLocally: boolean,
): 'none' | 'ask' | 'record' {
  if (user.tos_accepted) return 'none';
  if (isDefaultTheme(theme)) return 'ask';
  return acceptedLocally ? 'none' : 'record';
}

/** Hex colour mixed toward white (amount > 0) or black (amount < 0), for hover and tint shades. */
export function shade(hex: string, amount: number): string {
  const match = /^#?([\da-f]{6})$/i.exec(hex.trim());
  if (!match) return hex;
  const value = parseInt(match[1], 16);
  const channels = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((channel) => {
    const target = amount > 0 ? 255 : 0;
    return Math.round(channel + (target - channel) * Math.abs(amount));
  });
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
