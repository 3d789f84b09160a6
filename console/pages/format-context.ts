import { useMemo } from 'react';
import type { FormatContext } from '../../engine/format/formatters';
import { theme } from '../theme/theme';
import { t } from '../../engine/i18n/i18n';

/** Formatting context of the pages: the browser locale and the theme's branded models and series, the
 * catalogue for formatters that answer words item by item. */
export function useFormatContext(): FormatContext {
  return useMemo(
    () => ({
      locale: navigator.language || 'en',
      branding: { models: theme.brandedModels, series: theme.brandedSeries },
      translate: (text: string) => t(text),
    }),
    [],
  );
}
