import { useMemo } from 'react';
import type { FormatContext } from '../../engine/format/formatters';

/** Formatting context of the pages: locale and, when the theme provides them, branded models. */
export function useFormatContext(): FormatContext {
  return useMemo(() => ({ locale: navigator.language || 'en' }), []);
}
