import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldIssue } from '@contract/errors';
import { CodeEditor } from '@/components/code-editor';
import {
  editorDiagnostics,
  editorProblems,
  editorValue,
  findCodeEditor,
  setEditorValue,
} from '@/test/code-editor';
import type { EditorDiagnostic } from '@/components/code-editor';

function Labelled(props: {
  /** The editor under test: a freshly imported one shows its loading placeholder again. */
  Editor?: typeof CodeEditor;
  initial?: string;
  check?: (text: string) => Promise<FieldIssue[]>;
  schema?: string;
  language?: 'json' | 'rego';
  diagnostics?: readonly EditorDiagnostic[];
}) {
  const [value, setValue] = useState(props.initial ?? '{}');
  const Editor = props.Editor ?? CodeEditor;
  return (
    <div>
      <span id="config-label">Configuration (JSON)</span>
      <Editor
        id="config"
        aria-labelledby="config-label"
        value={value}
        onChange={setValue}
        check={props.check}
        schema={props.schema}
        language={props.language}
        diagnostics={props.diagnostics}
      />
      <output data-testid="form-value">{value}</output>
    </div>
  );
}

describe('CodeEditor', () => {
  it('shows the value in a placeholder while CodeMirror loads, then an editor named by the label', async () => {
    // Another test file in this worker may have loaded CodeMirror already: a fresh module loads it anew.
    vi.resetModules();
    const { CodeEditor: Fresh } = await import('@/components/code-editor');
    render(<Labelled Editor={Fresh} initial={'{\n  "a": 1\n}'} />);
    // The placeholder is there at once, with the same text, so the layout does not jump.
    expect(screen.getByTestId('code-editor-loading')).toHaveTextContent('"a": 1');
    const editor = await findCodeEditor('Configuration (JSON)');
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(editorValue(editor)).toBe('{\n  "a": 1\n}');
    expect(screen.queryByTestId('code-editor-loading')).not.toBeInTheDocument();
  });

  it('reports every edit through onChange, as a form field', async () => {
    render(<Labelled />);
    const editor = await findCodeEditor('Configuration (JSON)');
    setEditorValue(editor, '{"b": true}');
    await waitFor(() => expect(screen.getByTestId('form-value')).toHaveTextContent('{"b": true}'));
  });

  it('says what is wrong with the JSON and on which line, as you type', async () => {
    render(<Labelled />);
    const editor = await findCodeEditor('Configuration (JSON)');
    setEditorValue(editor, '{\n  "a": 1,\n  "b": \n}');
    expect(await editorProblems(editor)).toMatch(/^Line 4: /);
    // The attributes reach CodeMirror's content element in an effect after the problems render.
    await waitFor(() => expect(editor).toHaveAttribute('aria-invalid', 'true'));
    expect(editor.getAttribute('aria-describedby')).toContain('config-problems');
    setEditorValue(editor, '{"a": 1}');
    await waitFor(() => expect(screen.getByTestId('config-problems')).toBeEmptyDOMElement());
    await waitFor(() => expect(editor).toHaveAttribute('aria-invalid', 'false'));
  });

  it('asks the schema check only about valid JSON and shows its words', async () => {
    const check = vi.fn(async (text: string): Promise<FieldIssue[]> =>
      text.includes('"retries": "x"')
        ? [{ path: 'configuration.retries', message: 'Field retries must be an integer' }]
        : [],
    );
    render(<Labelled check={check} />);
    const editor = await findCodeEditor('Configuration (JSON)');
    setEditorValue(editor, '{"retries": ');
    expect(await editorProblems(editor)).toMatch(/^Line 1: /);
    expect(check).not.toHaveBeenCalledWith('{"retries": ');
    setEditorValue(editor, '{"retries": "x"}');
    await waitFor(() =>
      expect(screen.getByTestId('config-problems')).toHaveTextContent('Field retries must be an integer'),
    );
    expect(check).toHaveBeenCalledWith('{"retries": "x"}');
  });

  it('underlines problems found elsewhere at their line and column, and clears them when they go', async () => {
    const source = 'package a\n\nallow if {\n  role == "admin"\n}\n';
    const problems = [
      { line: 4, column: 3, message: 'rego_unsafe_var_error: var role is unsafe' },
      // A position past the end of its line (the text changed since) marks the line's end.
      { line: 1, column: 40, message: 'past the end' },
    ];
    const { rerender } = render(<Labelled language="rego" initial={source} diagnostics={problems} />);
    const editor = await findCodeEditor('Configuration (JSON)');
    await waitFor(() =>
      expect(editorDiagnostics(editor)).toEqual([
        { text: '', line: 1, column: 10, message: 'past the end' },
        { text: 'role', line: 4, column: 3, message: 'rego_unsafe_var_error: var role is unsafe' },
      ]),
    );
    await waitFor(() => expect(document.querySelector('.cm-lintRange-error')).toHaveTextContent('role'));
    rerender(<Labelled language="rego" initial={source} diagnostics={[]} />);
    await waitFor(() => expect(editorDiagnostics(editor)).toEqual([]));
  });
});
