import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { EditorDiagnostic } from '@/components/code-editor/types';

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

/** The server's problems as CodeMirror diagnostics, each marking the word at its position. */
export const toDiagnostics = (doc: Text, problems: readonly EditorDiagnostic[]): Diagnostic[] =>
  problems.map(({ line, column, message }) => ({
    ...diagnosticRange(doc, line, column),
    severity: 'error',
    message,
  }));
