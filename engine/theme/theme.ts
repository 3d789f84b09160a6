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
  /** Company data display (forms spec §6: company data and credit summary in the account menu). */
  showCompanyData?: boolean;
}

export function isDefaultTheme(theme: Pick<Theme, 'name'>): boolean {
  return theme.name === 'default';
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
