// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSanitizer, sanitizeAnnouncementHtml } from './sanitize';

beforeEach(() => resetSanitizer());

describe('announcement bodies (DOMPurify HTML profile)', () => {
  it('keeps formatting and links but no style element or attribute, and no script', () => {
    const html = sanitizeAnnouncementHtml(
      '<p style="position:fixed;inset:0">Hi <b>all</b> <a href="/changelog">notes</a></p><style>body{display:none}</style><script>x()</script><img src=x onerror=y()>',
    );
    expect(html).toBe('<p>Hi <b>all</b> <a href="/changelog">notes</a></p><img src="x">');
    expect(html).not.toMatch(/style|script|onerror/);
  });
});
