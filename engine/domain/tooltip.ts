// Tooltips (forms spec §5, §9): text is HTML-escaped unless marked as HTML; a tooltip
// is short when under 50 characters.
import { escapeHtml } from './sanitize';

export const SHORT_TOOLTIP_LENGTH = 50;

export function tooltipHtml(text: string, opts: { html?: boolean } = {}): string {
  return opts.html ? text : escapeHtml(text);
}

export function isShortTooltip(text: string): boolean {
  return text.length < SHORT_TOOLTIP_LENGTH;
}
