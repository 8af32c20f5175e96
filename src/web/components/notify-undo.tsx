import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { notifyError, notifySuccess } from '@/components/notify';

/** Long enough to read the toast and reach its Undo button; the spec's 5 s default is for plain toasts. */
export const UNDO_TOAST_DURATION = 10_000;

type UndoableSuccess<T> = {
  title: string;
  description: string;
  /** Puts the previous state back through the API. */
  undo: () => Promise<T>;
  /** The toasts of the Undo's own outcome. */
  undone: { title: string; description: string };
  undoFailed: string;
};

/**
 * The success toast of a reversible action, with an Undo button. Undo runs the restore, and its outcome
 * gets a toast of its own: the restored state, or the server's reason it could not be restored.
 */
export function notifySuccessWithUndo<T>({
  title,
  description,
  undo,
  undone,
  undoFailed,
}: UndoableSuccess<T>) {
  const onUndo = () =>
    undo().then(
      () => notifySuccess(undone.title, undone.description),
      (error: unknown) => notifyError(error, undoFailed),
    );
  toast({
    title,
    description,
    duration: UNDO_TOAST_DURATION,
    action: (
      <ToastAction altText={`Undo: ${description}`} onClick={() => void onUndo()}>
        Undo
      </ToastAction>
    ),
  });
}
