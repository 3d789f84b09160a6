// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSanitizer, sanitizeAnnouncementHtml, sanitizeText } from './sanitize';

beforeEach(() => resetSanitizer());

describe('sanitiser with a window (DOMPurify)', () => {
  it('allows no HTML tags or attributes and keeps the text', () => {
    expect(sanitizeText('<b onclick="x()">Bold</b> text')).toBe('Bold text');
    expect(sanitizeText('<script>alert(1)</script>ok')).toBe('ok');
    expect(sanitizeText('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeText('5 > 3 &amp; 2')).toBe('5 > 3 & 2');
    expect(sanitizeText('<a href="javascript:x()" title="t">link</a>')).toBe('link');
  });
});

describe('announcement bodies (DOMPurify HTML profile)', () => {
  it('keeps formatting and links but no style element or attribute, and no script', () => {
    const html = sanitizeAnnouncementHtml(
      '<p style="position:fixed;inset:0">Hi <b>all</b> <a href="/changelog">notes</a></p><style>body{display:none}</style><script>x()</script><img src=x onerror=y()>',
    );
    expect(html).toBe('<p>Hi <b>all</b> <a href="/changelog">notes</a></p><img src="x">');
    expect(html).not.toMatch(/style|script|onerror/);
  });
});
