import { describe, expect, it } from 'vitest';
import {
  checkDocumentSafety,
  depthProblem,
  MAX_DOCUMENT_CHARS,
  MAX_DOCUMENT_DEPTH,
  nestingDepth,
} from './document-safety';

describe('checkDocumentSafety', () => {
  it('refuses HTML in texts and script links, at their pointers', () => {
    const doc = {
      title: 'New <b>tag</b>',
      fields: [
        { key: 'a', label: 'A &amp; B', pattern: '(?<year>\\d{4})<' },
        { key: 'b', href: 'javascript:alert(1)', linkText: 'Open' },
        { key: 'c', href: '/forms/new-tag', subtext: 'Less than 5 < 6 > 4' },
      ],
    };
    expect(checkDocumentSafety(doc, 100)).toEqual([
      { pointer: '/title', message: 'texts are plain text: no HTML tags or entities' },
      { pointer: '/fields/0/label', message: 'texts are plain text: no HTML tags or entities' },
      { pointer: '/fields/1/href', message: 'a link is a path (/…) or an http(s) URL' },
    ]);
  });

  it('bounds the size', () => {
    expect(checkDocumentSafety({}, MAX_DOCUMENT_CHARS + 1)).toHaveLength(1);
    expect(checkDocumentSafety({}, MAX_DOCUMENT_CHARS)).toEqual([]);
  });

  it('measures nesting without recursion and refuses a document nested too deeply', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nestingDepth({ a: [{ b: 1 }] })).toBe(3);
    expect(nestingDepth(deep)).toBe(MAX_DOCUMENT_DEPTH + 1);
    expect(depthProblem({ fields: deep })?.pointer).toBe('/');
    expect(depthProblem({ fields: [{ key: 'a' }] })).toBeUndefined();
  });
});
