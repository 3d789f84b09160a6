import { useMemo } from 'react';
import type { FormatContext } from '../../engine/format/formatters';
import { theme } from '../theme/theme';

/** Formatting context of the pages: the browser locale and the theme's branded models and series. */
export function useFormatContext(): FormatContext {
  return useMemo(
    () => ({
      locale: navigator.language || 'en',
      branding: { models: theme.brandedModels, series: theme.brandedSeries },
    }),
    [],
  );
}
