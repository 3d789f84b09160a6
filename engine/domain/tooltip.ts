// Tooltips (forms spec §5, §9): "Tooltip text is HTML-escaped unless marked
// otherwise" and "Tooltip is short when under 50 characters". A string is text,
// shown as text (never parsed as markup); content marked `{ html }` is markup,
// shown only after the HTML sanitiser (DOMPurify, loaded on first use so no page
// that shows text tooltips downloads it).
import { stripTags } from '../fields/text';

export const SHORT_TOOLTIP_LENGTH = 50;

/** A tooltip's content: text, or markup marked as HTML. */
export type TooltipContent = string | { html: string };

export const isHtmlTooltip = (content: TooltipContent): content is { html: string } => typeof content !== 'string';

/** The text a tooltip reads as: the text itself, or the markup without its tags. */
export const tooltipText = (content: TooltipContent): string =>
  isHtmlTooltip(content) ? stripTags(content.html) : content;

/** Short when its text is under 50 characters: a compact single line. */
export const isShortTooltip = (content: TooltipContent): boolean => tooltipText(content).length < SHORT_TOOLTIP_LENGTH;

/** The markup of content marked as HTML, sanitised. */
export async function tooltipHtml(content: { html: string }): Promise<string> {
  const { sanitizeHtml } = await import('./sanitize');
  return sanitizeHtml(content.html);
}
