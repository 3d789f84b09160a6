import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorState, type ChangeSet } from '@codemirror/state';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap } from '@codemirror/commands';
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
import { changedPart } from '../../engine/studio/changed-part';
import { diagnostics } from './lint';
import { t } from '../../engine/i18n/i18n';

// CodeMirror 6 over a document's JSON text: completion and hover help from the
// meta-schema (codemirror-json-schema), JSON syntax errors at once and the server's
// check of the draft (debounced) as inline errors; the standard editing keys. Undo and
// redo are the studio's (one history with the Design view). Tab is left to move focus
// (no keyboard trap).

export interface EditorProps {
  text: string;
  metaSchema: Record<string, unknown>;
  /** The new text; whole: the change replaced all of it (a paste over everything: an undo step of its own). */
  onChange(text: string, whole: boolean): void;
  onUndo(): void;
  onRedo(): void;
  /** Checks the text on the server (the checks a publish runs). */
  check(text: string): Promise<Problem[]>;
}

export function Editor({ text, metaSchema, onChange, onUndo, onRedo, check }: EditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  const callbacks = useRef({ onChange, onUndo, onRedo, check });
  callbacks.current = { onChange, onUndo, onRedo, check };
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
          keymap.of([
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...completionKeymap,
            { key: 'Mod-z', run: () => (callbacks.current.onUndo(), true), preventDefault: true },
            { key: 'Mod-Shift-z', run: () => (callbacks.current.onRedo(), true), preventDefault: true },
            { key: 'Mod-y', run: () => (callbacks.current.onRedo(), true), preventDefault: true },
          ]),
          json(),
          lintGutter(),
          linter(jsonParseLinter()),
          linter(async (v) => diagnostics(v, await callbacks.current.check(v.state.doc.toString())), { delay: 400 }),
          jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
          hoverTooltip(jsonSchemaHover()),
          stateExtensions(initial.current.metaSchema as JSONSchema7),
          EditorView.contentAttributes.of({ 'aria-label': t('Document JSON') }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged)
              callbacks.current.onChange(
                update.state.doc.toString(),
                replacedAll(update.changes, update.startState.doc.length),
              );
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
  }, []);

  // Text changed from outside (the Design view, undo, a revert, "take theirs"): only the
  // part that differs is replaced, so the cursor and scroll stay where they were.
  useEffect(() => {
    const editor = view.current;
    const current = editor?.state.doc.toString();
    if (editor && current !== undefined && current !== text) editor.dispatch({ changes: changedPart(current, text) });
  }, [text]);

  return <div className="studio-editor" ref={host} />;
}

/** Whether changes replaced the whole of a non-empty text of that length. */
function replacedAll(changes: ChangeSet, length: number): boolean {
  let whole = false;
  changes.iterChangedRanges((from, to) => {
    if (from === 0 && to === length && length > 0) whole = true;
  });
  return whole;
}
