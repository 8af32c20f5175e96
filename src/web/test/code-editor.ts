import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

// CodeMirror measures text through Range rectangles, which jsdom does not lay out.
const emptyRect = () => ({
  x: 0,
  y: 0,
  top: 0,
  left: 0,
  bottom: 0,
  right: 0,
  width: 0,
  height: 0,
  toJSON() {},
});
const rangeProto = Range.prototype as unknown as Record<string, unknown>;
rangeProto.getClientRects ??= () => Object.assign([], { item: () => null });
rangeProto.getBoundingClientRect ??= emptyRect;

/**
 * The code editor in component tests: CodeMirror's content is not a textarea, so tests find it by its
 * label once its lazy chunk has loaded, read its document, and replace it as a paste would.
 */
export async function findCodeEditor(
  name: string,
  container: HTMLElement = document.body,
): Promise<HTMLElement> {
  return within(container).findByRole('textbox', { name });
}

function viewOf(element: HTMLElement): EditorView {
  const view = EditorView.findFromDOM(element);
  if (!view) throw new Error('Not a code editor');
  return view;
}

export function editorValue(element: HTMLElement): string {
  return viewOf(element).state.doc.toString();
}

/** Replaces the whole document, as selecting all and typing would (one user edit). */
export function setEditorValue(element: HTMLElement, text: string): void {
  const view = viewOf(element);
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    userEvent: 'input.type',
  });
}

/** The editor's live problems (syntax and schema), as shown under it. */
export async function editorProblems(element: HTMLElement): Promise<string> {
  const problems = document.getElementById(`${element.id}-problems`);
  if (!problems) throw new Error('No problems region');
  await waitFor(() => expect(problems.textContent).not.toBe(''));
  return problems.textContent ?? '';
}

/** The diagnostics marked in the editor: the text each covers, its line and column, and its message. */
export function editorDiagnostics(element: HTMLElement) {
  const { state } = viewOf(element);
  const found: { text: string; line: number; column: number; message: string }[] = [];
  forEachDiagnostic(state, (diagnostic, from, to) => {
    const line = state.doc.lineAt(from);
    found.push({
      text: state.sliceDoc(from, to),
      line: line.number,
      column: from - line.from + 1,
      message: diagnostic.message,
    });
  });
  return found;
}

export { screen };
