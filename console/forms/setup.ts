import { configureForms } from '../../renderer/form/permissions';
import { configureModalHelp } from '../../renderer/modals/help-site';
import { isDefaultTheme, theme } from '../theme/theme';

/**
 * Tells the form renderer about app-level flags documents gate fields on:
 * `default_theme` ('Show purchase link' and 'Get more resources' show only with
 * the default theme), and the theme's help site, which a modal's helpLinkKey
 * links into. Call once at start-up, before any form opens.
 */
export function setupForms(): void {
  configureForms({ extraPermissions: () => (isDefaultTheme(theme) ? ['default_theme'] : []) });
  configureModalHelp(theme);
}
