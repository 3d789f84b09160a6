import { configureForms } from '../../renderer/form/permissions';
import { isDefaultTheme, theme } from '../theme/theme';

/**
 * Tells the form renderer about app-level flags documents gate fields on:
 * `default_theme` ('Show purchase link' and 'Get more resources' show only with
 * the default theme). Call once at start-up, before any form opens.
 */
export function setupForms(): void {
  configureForms({ extraPermissions: () => (isDefaultTheme(theme) ? ['default_theme'] : []) });
}
