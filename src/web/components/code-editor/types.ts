import type { Ref } from 'react';
import type { FieldIssue } from '@contract/errors';
import type { EditorLanguage } from '@/components/code-editor/editor-setup';

/** A problem found elsewhere (the server's check on save), marked in the text at its 1-based position. */
export type EditorDiagnostic = { line: number; column: number; message: string };

/** What a form needs from the editor: react-hook-form focuses the first invalid field through it. */
export type CodeEditorHandle = { focus: () => void };

/** Props of the lazily loaded CodeMirror view (see CodeEditor for the public ones). */
export type CodeEditorViewProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  language: EditorLanguage;
  schema?: string | null;
  check?: (text: string) => Promise<FieldIssue[]>;
  checkRoot?: string;
  allowEmpty?: boolean;
  placeholder?: string;
  disabled?: boolean;
  diagnostics?: readonly EditorDiagnostic[];
  /** Set on the editable element: id, role, aria-labelledby, aria-describedby, aria-invalid. */
  contentAttributes: Record<string, string>;
  onProblems: (messages: string[]) => void;
  handle: Ref<CodeEditorHandle>;
};
