import { useImperativeHandle, useRef } from 'react';
import type { CodeEditorViewProps } from '@/components/code-editor/types';
import { useEditorSync } from '@/components/code-editor/use-editor-sync';
import { useEditorView } from '@/components/code-editor/use-editor-view';

/**
 * The CodeMirror instance behind <CodeEditor> (its own lazily loaded chunk). Created once; the value,
 * the accessibility attributes and read-only state follow the props without recreating it.
 */
export default function CodeEditorView({
  id,
  value,
  checkRoot = 'configuration',
  allowEmpty = true,
  disabled = false,
  diagnostics,
  contentAttributes,
  handle,
  ...setup
}: CodeEditorViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const { view, compartments } = useEditorView(host, {
    ...setup,
    value,
    checkRoot,
    allowEmpty,
    disabled,
    contentAttributes,
  });
  useImperativeHandle(handle, () => ({ focus: () => view.current?.focus() }), [view]);
  useEditorSync(view, compartments, { value, contentAttributes, diagnostics, disabled });

  return <div ref={host} id={`${id}-editor`} className="min-h-[inherit]" />;
}
