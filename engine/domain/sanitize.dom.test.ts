// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSanitizer, sanitizeHtml } from './sanitize';
import { tooltipHtml } from './tooltip';

beforeEach(() => resetSanitizer());

describe('announcement bodies (DOMPurify HTML profile)', () => {
  it('keeps formatting and links but no style element or attribute, and no script', () => {
    const html = sanitizeHtml(
      '<p style="position:fixed;inset:0">Hi <b>all</b> <a href="/changelog">notes</a></p><style>body{display:none}</style><script>x()</script><img src=x onerror=y()>',
    );
    expect(html).toBe('<p>Hi <b>all</b> <a href="/changelog">notes</a></p><img src="x">');
    expect(html).not.toMatch(/style|script|onerror/);
  });
});

describe('tooltips marked as HTML', () => {
  it('are sanitised by the same sanitiser', async () => {
    const html = await tooltipHtml({ html: '<b>Due</b> <img src=x onerror=alert(1)><script>x()</script>' });
    expect(html).toBe('<b>Due</b> <img src="x">');
  });
});
