import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  hoverTooltip,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { jsonCompletion, jsonSchemaHover, stateExtensions } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import { useEffect, useRef } from 'react';
import type { Problem } from './api';
import { diagnostics } from './lint';
import { t } from '../../engine/i18n/i18n';

// CodeMirror 6 over a document's JSON text: completion and hover help from the
// meta-schema (codemirror-json-schema), JSON syntax errors at once and the server's
// check of the draft (debounced) as inline errors; undo/redo and the standard
// editing keys. Tab is left to move focus (no keyboard trap).

export interface EditorProps {
  text: string;
  metaSchema: Record<string, unknown>;
  onChange(text: string): void;
  /** Checks the text on the server (the checks a publish runs). */
  check(text: string): Promise<Problem[]>;
}

export function Editor({ text, metaSchema, onChange, check }: EditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  const callbacks = useRef({ onChange, check });
  callbacks.current = { onChange, check };
  // The editor is created once per document (the parent keys it); later text comes from typing.
  const initial = useRef({ text, metaSchema });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial.current.text,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          foldGutter(),
          drawSelection(),
          indentOnInput(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          highlightActiveLine(),
          history(),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
          json(),
          lintGutter(),
          linter(jsonParseLinter()),
          linter(async (v) => diagnostics(v, await callbacks.current.check(v.state.doc.toString())), { delay: 400 }),
          jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
          hoverTooltip(jsonSchemaHover()),
          stateExtensions(initial.current.metaSchema as JSONSchema7),
          EditorView.contentAttributes.of({ 'aria-label': t('Document JSON') }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
  }, []);

  // Text replaced from outside (a revert, "take theirs" in the merge view).
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== text)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
  }, [text]);

  return <div className="studio-editor" ref={host} />;
}
