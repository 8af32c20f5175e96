// Edits that meet someone else's (docs/concurrency.md): the conflict-aware save of a whole-resource form,
// its alert, the live notice of a save underneath, and the toasts of a refused delete. Every feature's
// edit forms use these; nothing here knows a feature.
export { ConflictAlert } from '@/concurrency/conflict-alert';
export { notifyDeleteError } from '@/concurrency/conflict-toasts';
export { SaveDialogForm } from '@/concurrency/save-dialog-form';
export type { LiveResource } from '@/concurrency/use-changed-underneath';
export {
  useConflictAwareSave,
  type ConflictAwareSave,
  type FormLike,
} from '@/concurrency/use-conflict-aware-save';
export { oneOf, useResourceForm } from '@/concurrency/use-resource-form';
