// The code editor's public surface: the component and its types. CodeMirror itself loads lazily.
export { CodeEditor, type CodeEditorProps } from '@/components/code-editor/code-editor';
export type { CodeEditorHandle } from '@/components/code-editor/types';
