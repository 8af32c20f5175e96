import type { NotificationTemplate } from '@contract/notification-templates';
import { useDeleteTemplate } from '@/capabilities/api/delete-template';
import { useRestoreTemplate } from '@/capabilities/api/restore-template';
import { notifyDeleteError } from '@/concurrency';
import { notifySuccessWithUndo } from '@/components/notify-undo';

export const DELETE_TEMPLATE_CONFIRMATION = 'Are you sure you want to delete this template?';

/** Deletes a template after the browser's confirmation, with an Undo toast that restores it. */
export function useTemplateDelete() {
  const remove = useDeleteTemplate();
  const restore = useRestoreTemplate();

  const onDelete = (template: NotificationTemplate) => {
    if (!window.confirm(DELETE_TEMPLATE_CONFIRMATION)) return;
    remove.mutate(template, {
      onSuccess: () =>
        notifySuccessWithUndo({
          title: 'Template Deleted',
          description: `${template.name} has been deleted.`,
          // The server puts back the same template (id, fields, author) as its delete recorded it.
          undo: () => restore.mutateAsync(template.id),
          undone: { title: 'Template restored', description: `${template.name} is back.` },
          undoFailed: 'Failed to restore template.',
        }),
      onError: (error) => notifyDeleteError(error, 'template', 'Failed to delete template.'),
    });
  };
  const isDeleting = (template: NotificationTemplate) =>
    remove.isPending && remove.variables?.id === template.id;

  return { onDelete, isDeleting };
}
