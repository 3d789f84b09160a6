import { helpUrl } from '../../engine/theme/help';
import type { Theme } from '../../engine/theme/theme';

// The help site a modal's helpLinkKey links into (forms spec §3: the modal
// descriptor's helpLinkKey names a help route): the console tells the
// renderer its theme's help site once at start-up.

let site: Pick<Theme, 'helpBaseUrl'> = {};

export function configureModalHelp(theme: Pick<Theme, 'helpBaseUrl'>): void {
  site = theme;
}

/** The help page of a modal's helpLinkKey, or undefined when that route name has none. */
export const modalHelpUrl = (key: string | undefined): string | undefined => helpUrl(site, key);
