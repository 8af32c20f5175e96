import { zodResolver } from '@hookform/resolvers/zod';
import type { WebApp } from '@contract/web-apps';
import { useForm } from 'react-hook-form';
import { ConflictAlert } from '@/components/conflict-alert';
import { useConflictAwareSave } from '@/lib/use-conflict-aware-save';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateWebApp } from '@/web-apps/api/update-web-app';
import { WebAppEditFields } from '@/web-apps/components/web-app-edit-fields';
import { applyServerIssues } from '@/lib/server-issues';
import {
  editWebAppDefaults,
  editWebAppFields,
  editWebAppFormSchema,
  toWebAppPatch,
  type EditWebAppFormInput,
  type EditWebAppFormValues,
} from '@/web-apps/lib/web-app-form';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

type WebAppEditDialogProps = { open: boolean; app: WebApp | null; onOpenChange: (open: boolean) => void };

/** Edit Application: name, description, technology, environment, region, url, status (PATCH). */
export function WebAppEditDialog({ open, app, onOpenChange }: WebAppEditDialogProps) {
  return (
    <Dialog open={open && app !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Application</DialogTitle>
          <DialogDescription>{app ? `Change the details and status of ${app.name}.` : ''}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the app's current values. */}
        {open && app && <EditForm app={app} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ app, onDone }: { app: WebApp; onDone: () => void }) {
  const update = useUpdateWebApp();
  const form = useForm<EditWebAppFormInput, unknown, EditWebAppFormValues>({
    resolver: zodResolver(editWebAppFormSchema),
    defaultValues: editWebAppDefaults(app),
  });
  const conflict = useConflictAwareSave({
    form,
    resource: app,
    toFormValues: editWebAppDefaults,
    what: 'web app',
  });

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(
      { id: app.id, patch: toWebAppPatch(values, app), ifMatch: conflict.revision() },
      {
        onSuccess: (updated) => {
          notifySuccess('Web app updated', `${updated.name} has been saved.`);
          onDone();
        },
        onError: (error) => {
          if (conflict.handleError(error)) return;
          applyServerIssues(error, form.setError, (field) => editWebAppFields.find((f) => f === field));
          notifyError(error, 'Failed to update web app.');
        },
      },
    );
  });

  const formRef = useFocusAfterSubmit(update.isPending);
  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Edit application">
      <fieldset disabled={update.isPending} className="space-y-6">
        <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
        <WebAppEditFields form={form} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit">{update.isPending ? 'Saving...' : 'Save Changes'}</Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
