// Inline errors as the product owner types: the server checks the draft text with the
// very checks a publish runs (meta-schema, safety rules, cross-checks, duplicate
// keys) and each problem is underlined where its JSON pointer points.
import type { Diagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import { getJsonPointers } from 'codemirror-json-schema';
import type { Problem } from './api';

/** Where a problem's pointer is in the text: the key (or value) it names, else its nearest parent. */
export function problemRange(view: EditorView, pointer: string): { from: number; to: number } {
  const pointers = getJsonPointers(view.state, 'json4');
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const at = pointers.get(p === '/' ? '' : p);
    if (at)
      return 'valueFrom' in at
        ? { from: at.keyFrom ?? at.valueFrom, to: at.keyTo ?? at.valueTo }
        : { from: at.keyFrom, to: at.keyTo };
    if (!p) return { from: 0, to: Math.min(1, view.state.doc.length) };
  }
}

export function diagnostics(view: EditorView, problems: readonly Problem[]): Diagnostic[] {
  return problems.map((p) => ({
    ...problemRange(view, p.pointer),
    severity: 'error',
    source: p.pointer,
    message: p.message,
  }));
}
