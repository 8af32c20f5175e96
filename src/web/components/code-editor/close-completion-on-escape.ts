import { closeCompletion, completionStatus } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';

/**
 * Radix dialogs close on Escape from a capturing document listener, before the editor sees the
 * key. While the completion list is open, Escape closes the list only, as people expect.
 * Returns the function that removes the listener again.
 */
export function closeCompletionOnEscape(editor: EditorView): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !editor.hasFocus || completionStatus(editor.state) === null) return;
    event.stopPropagation();
    event.preventDefault();
    closeCompletion(editor);
  };
  window.addEventListener('keydown', onKeyDown, true);
  return () => window.removeEventListener('keydown', onKeyDown, true);
}
