import { setDiagnostics } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { useEffect, type RefObject } from 'react';
import { toDiagnostics } from '@/components/code-editor/editor-diagnostics';
import type { EditorDiagnostic } from '@/components/code-editor/types';
import { editableExtension, type EditorCompartments } from '@/components/code-editor/use-editor-view';

/** The props that follow into the editor after it is made. */
export type EditorSyncProps = {
  value: string;
  contentAttributes: Record<string, string>;
  diagnostics?: readonly EditorDiagnostic[];
  disabled: boolean;
};

/** Applies later props to the live editor (made by useEditorView) without recreating it. */
export function useEditorSync(
  view: RefObject<EditorView | null>,
  compartments: RefObject<EditorCompartments>,
  { value, contentAttributes, diagnostics, disabled }: EditorSyncProps,
) {
  // A value set from outside (a form reset, a loaded record) replaces the document.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [view, value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.current.attributes.reconfigure(
        EditorView.contentAttributes.of(contentAttributes),
      ),
    });
  }, [view, compartments, contentAttributes]);

  // The server's problems, each time a save answers with them (an empty list clears the marks).
  useEffect(() => {
    const editor = view.current;
    if (!editor || !diagnostics) return;
    editor.dispatch(setDiagnostics(editor.state, toDiagnostics(editor.state.doc, diagnostics)));
  }, [view, diagnostics]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.current.readOnly.reconfigure(editableExtension(disabled)),
    });
  }, [view, compartments, disabled]);
}
