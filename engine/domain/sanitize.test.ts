import { describe, expect, it } from 'vitest';
import { escapeHtml, sanitizeText, sanitizeToHtml, stripTagsWithoutDom } from './sanitize';
import { isShortTooltip, tooltipHtml } from './tooltip';

describe('sanitiser without a window (Node)', () => {
  it('allows no HTML tags or attributes in field text', () => {
    expect(sanitizeText('<b onclick="x()">Bold</b> text')).toBe('Bold text');
    expect(sanitizeText('<script>alert(1)</script>ok')).toBe('ok');
    expect(sanitizeText('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeText('a <!-- c --> b')).toBe('a  b');
    expect(sanitizeText('<<b>script>alert(1)<</b>/script>')).not.toMatch(/<[a-z/]/i);
    expect(sanitizeText('5 > 3 &amp; 2 < 4')).toBe('5 > 3 & 2 < 4');
    expect(sanitizeToHtml('<i>a</i> & <b')).toBe('a &amp; ');
    expect(sanitizeText(undefined)).toBe('');
  });

  it('never leaves a tag in its output', () => {
    for (const input of ['<a href="javascript:x">y</a>', '<svg><g/onload=alert(1)>', '<div>a<p>b</p></div>', '<x'])
      expect(stripTagsWithoutDom(input)).not.toMatch(/</);
  });
});

describe('tooltips', () => {
  it('are HTML-escaped unless marked otherwise', () => {
    expect(tooltipHtml('<b>x</b> & "y"')).toBe('&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot;');
    expect(tooltipHtml('<b>x</b>', { html: true })).toBe('<b>x</b>');
    expect(escapeHtml("'")).toBe('&#39;');
  });

  it('are short when under 50 characters', () => {
    expect(isShortTooltip('x'.repeat(49))).toBe(true);
    expect(isShortTooltip('x'.repeat(50))).toBe(false);
  });
});
