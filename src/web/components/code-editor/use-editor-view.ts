import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { closeCompletionOnEscape } from '@/components/code-editor/close-completion-on-escape';
import { editorExtensions, type SetupOptions } from '@/components/code-editor/editor-setup';
import type { CodeEditorViewProps } from '@/components/code-editor/types';

/** The parts of the configuration that follow props later, reconfigured without a new editor. */
export type EditorCompartments = { attributes: Compartment; readOnly: Compartment };

/** What makes the editor: the props the view takes, with its defaults applied. */
export type EditorViewOptions = Omit<
  CodeEditorViewProps,
  'id' | 'diagnostics' | 'handle' | 'checkRoot' | 'allowEmpty' | 'disabled'
> & { checkRoot: string; allowEmpty: boolean; disabled: boolean };

type EditorCallbacks = Pick<CodeEditorViewProps, 'onChange' | 'onBlur' | 'check' | 'onProblems'>;

/** Disabled means both: the state refuses edits and the content is not contenteditable. */
export const editableExtension = (disabled: boolean): Extension => [
  EditorState.readOnly.of(disabled),
  EditorView.editable.of(!disabled),
];

/** A ref that always holds the latest value, for listeners that outlive the render that made them. */
function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}

/** The editor's extensions: the setup, the compartments and the listeners that call the latest props. */
function viewExtensions(
  options: EditorViewOptions,
  latest: RefObject<EditorCallbacks>,
  compartments: EditorCompartments,
): Extension[] {
  const { language, schema, placeholder, allowEmpty, checkRoot, check } = options;
  const setup: SetupOptions = {
    language,
    schema,
    placeholder,
    allowEmpty,
    checkRoot,
    check: check ? (text) => latest.current.check!(text) : undefined,
    onProblems: (messages) => latest.current.onProblems(messages),
  };
  return [
    ...editorExtensions(setup),
    compartments.attributes.of(EditorView.contentAttributes.of(options.contentAttributes)),
    compartments.readOnly.of(editableExtension(options.disabled)),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) latest.current.onChange(update.state.doc.toString());
      if (update.focusChanged && !update.view.hasFocus) latest.current.onBlur?.();
    }),
  ];
}

/**
 * Makes the CodeMirror view in `host`, once per mount (and again only when the language, schema or
 * lint setup changes); later values and attributes are applied by useEditorSync.
 */
export function useEditorView(host: RefObject<HTMLDivElement | null>, options: EditorViewOptions) {
  const view = useRef<EditorView | null>(null);
  const { onChange, onBlur, check, onProblems } = options;
  // The latest callbacks, read by the long-lived editor's listeners.
  const latest = useLatest<EditorCallbacks>({ onChange, onBlur, check, onProblems });
  const compartments = useRef<EditorCompartments>({
    attributes: new Compartment(),
    readOnly: new Compartment(),
  });
  const { language, schema, allowEmpty, checkRoot } = options;
  const hasCheck = Boolean(check);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: options.value,
        extensions: viewExtensions(options, latest, compartments.current),
      }),
    });
    view.current = editor;
    const stopClosingCompletion = closeCompletionOnEscape(editor);
    return () => {
      stopClosingCompletion();
      editor.destroy();
      view.current = null;
    };
    // The editor is made once per mount; later prop changes are applied by useEditorSync.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, schema, allowEmpty, checkRoot, hasCheck]);

  return { view, compartments };
}
