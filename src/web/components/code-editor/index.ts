// The code editor's public surface: the component, its form field and types. CodeMirror loads lazily.
export { CodeEditor, type CodeEditorProps } from '@/components/code-editor/code-editor';
export { CodeEditorField } from '@/components/code-editor/code-editor-field';
export type { CodeEditorHandle, EditorDiagnostic } from '@/components/code-editor/types';
