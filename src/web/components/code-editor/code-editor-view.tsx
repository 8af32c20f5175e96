import { closeCompletion, completionStatus } from '@codemirror/autocomplete';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { editorExtensions } from '@/components/code-editor/editor-setup';
import type { CodeEditorViewProps, EditorDiagnostic } from '@/components/code-editor/types';

/**
 * Where a 1-based line and column fall in the document: from the position to the end of the word (or
 * the one character) there, clamped to the document, so a stale position still marks something.
 */
export function diagnosticRange(doc: Text, line: number, column: number): { from: number; to: number } {
  const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
  const from = at.from + Math.min(Math.max(column - 1, 0), at.length);
  const word = /^[\w.]+/.exec(doc.sliceString(from, at.to))?.[0].length ?? 0;
  return { from, to: Math.min(from + Math.max(word, 1), at.to) };
}

const toDiagnostics = (doc: Text, problems: readonly EditorDiagnostic[]): Diagnostic[] =>
  problems.map(({ line, column, message }) => ({
    ...diagnosticRange(doc, line, column),
    severity: 'error',
    message,
  }));

/**
 * The CodeMirror instance behind <CodeEditor> (its own lazily loaded chunk). Created once; the value,
 * the accessibility attributes and read-only state follow the props without recreating it.
 */
export default function CodeEditorView({
  id,
  value,
  onChange,
  onBlur,
  language,
  schema,
  check,
  checkRoot = 'configuration',
  allowEmpty = true,
  placeholder,
  disabled = false,
  diagnostics,
  contentAttributes,
  onProblems,
  handle,
}: CodeEditorViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callbacks, read by the long-lived editor's listeners.
  const latest = useRef({ onChange, onBlur, check, onProblems });
  useLayoutEffect(() => {
    latest.current = { onChange, onBlur, check, onProblems };
  });
  const attributes = useRef(new Compartment());
  const readOnly = useRef(new Compartment());

  const hasCheck = Boolean(check);

  useImperativeHandle(handle, () => ({ focus: () => view.current?.focus() }), []);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          ...editorExtensions({
            language,
            schema,
            placeholder,
            allowEmpty,
            checkRoot,
            check: check ? (text) => latest.current.check!(text) : undefined,
            onProblems: (messages) => latest.current.onProblems(messages),
          }),
          attributes.current.of(EditorView.contentAttributes.of(contentAttributes)),
          readOnly.current.of([EditorState.readOnly.of(disabled), EditorView.editable.of(!disabled)]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
            if (update.focusChanged && !update.view.hasFocus) latest.current.onBlur?.();
          }),
        ],
      }),
    });
    view.current = editor;

    // Radix dialogs close on Escape from a capturing document listener, before the editor sees the
    // key. While the completion list is open, Escape closes the list only, as people expect.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !editor.hasFocus || completionStatus(editor.state) === null) return;
      event.stopPropagation();
      event.preventDefault();
      closeCompletion(editor);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      editor.destroy();
      view.current = null;
    };
    // The editor is made once per mount; later prop changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, schema, allowEmpty, checkRoot, hasCheck]);

  // A value set from outside (a form reset, a loaded record) replaces the document.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: attributes.current.reconfigure(EditorView.contentAttributes.of(contentAttributes)),
    });
  }, [contentAttributes]);

  // The server's problems, each time a save answers with them (an empty list clears the marks).
  useEffect(() => {
    const editor = view.current;
    if (!editor || !diagnostics) return;
    editor.dispatch(setDiagnostics(editor.state, toDiagnostics(editor.state.doc, diagnostics)));
  }, [diagnostics]);

  useEffect(() => {
    view.current?.dispatch({
      effects: readOnly.current.reconfigure([
        EditorState.readOnly.of(disabled),
        EditorView.editable.of(!disabled),
      ]),
    });
  }, [disabled]);

  return <div ref={host} id={`${id}-editor`} className="min-h-[inherit]" />;
}
