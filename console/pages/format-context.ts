import { useMemo } from 'react';
import type { FormatContext } from '../../engine/format/formatters';
import { currentLanguage, t } from '../../engine/i18n/i18n';
import { systemTimezone } from '../i18n/time';
import { theme } from '../theme/theme';

/** The one format context of the console: the chosen language and System timezone (account menu; a change reloads
 * the page), the theme's branded models and series, the catalogue for formatters that answer words item by item.
 * Lists, detail pages, charts, tooltips and exports all format through it. */
export function formatContext(): FormatContext {
  return {
    locale: currentLanguage(),
    timeZone: systemTimezone(),
    branding: { models: theme.brandedModels, series: theme.brandedSeries },
    translate: (text: string) => t(text),
  };
}

export function useFormatContext(): FormatContext {
  return useMemo(formatContext, []);
}
