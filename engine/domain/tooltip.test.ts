import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHORT_TOOLTIP_LENGTH, isHtmlTooltip, isShortTooltip, tooltipText } from './tooltip';

describe('tooltips', () => {
  it('are short when under 50 characters', () => {
    expect(SHORT_TOOLTIP_LENGTH).toBe(50);
    expect(isShortTooltip('x'.repeat(49))).toBe(true);
    expect(isShortTooltip('x'.repeat(50))).toBe(false);
    expect(isShortTooltip('')).toBe(true);
  });

  it('count the text of HTML content, not its tags', () => {
    const html = `<b>${'x'.repeat(40)}</b> <a href="/changelog">notes</a>`;
    expect(tooltipText({ html })).toBe(`${'x'.repeat(40)} notes`);
    expect(isShortTooltip({ html })).toBe(true);
    expect(isShortTooltip({ html: `<i>${'x'.repeat(50)}</i>` })).toBe(false);
  });

  it('property: any text is text (never markup), verbatim, short iff under 50 characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 120 }),
          fc.string({ unit: fc.constantFrom('<', '>', '&', '"', 'b', '/', ' '), minLength: 45, maxLength: 55 }),
        ),
        (text) => {
          expect(isHtmlTooltip(text)).toBe(false);
          expect(tooltipText(text)).toBe(text);
          expect(isShortTooltip(text)).toBe(text.length < 50);
        },
      ),
    );
  });

  it('only content marked as HTML is markup', () => {
    expect(isHtmlTooltip({ html: 'x' })).toBe(true);
    expect(isHtmlTooltip('<b>x</b>')).toBe(false);
  });
});
