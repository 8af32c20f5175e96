import { zodResolver } from '@hookform/resolvers/zod';
import type { WebApp } from '@contract/web-apps';
import { useForm } from 'react-hook-form';
import { ConflictAlert, useConflictAwareSave } from '@/concurrency';
import { DialogForm } from '@/components/dialog-form';
import { ManagedInGitBadge, ManagedInGitNotice } from '@/git-managed';
import { requestSubmitProps } from '@/changes';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { webAppLive } from '@/web-apps/api/get-web-app';
import { WebAppEditFields } from '@/web-apps/components/web-app-edit-fields';
import {
  editWebAppDefaults,
  editWebAppFormSchema,
  type EditWebAppFormInput,
  type EditWebAppFormValues,
} from '@/web-apps/lib/web-app-form';
import { useWebAppSave } from '@/web-apps/components/use-web-app-save';

type WebAppEditDialogProps = { open: boolean; app: WebApp | null; onOpenChange: (open: boolean) => void };

/** Edit Application: name, description, technology, environment, region, url, status (PATCH). */
export function WebAppEditDialog({ open, app, onOpenChange }: WebAppEditDialogProps) {
  return (
    <Dialog open={open && app !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Application</DialogTitle>
          <DialogDescription>
            {app && (
              <>
                Change the details and status of {app.name}. <ManagedInGitBadge tenantId={app.tenantId} />
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the app's current values. */}
        {open && app && <EditForm app={app} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ app, onDone }: { app: WebApp; onDone: () => void }) {
  const form = useForm<EditWebAppFormInput, unknown, EditWebAppFormValues>({
    resolver: zodResolver(editWebAppFormSchema),
    defaultValues: editWebAppDefaults(app),
  });
  const conflict = useConflictAwareSave({
    form,
    resource: app,
    toFormValues: editWebAppDefaults,
    what: 'web app',
    live: webAppLive,
  });
  const { onSubmit, request, requesting, pending } = useWebAppSave({ app, form, conflict, onDone });

  return (
    <DialogForm
      label="Edit application"
      pending={pending}
      onSubmit={onSubmit}
      {...requestSubmitProps(request, { pending, label: 'Save Changes' })}
    >
      <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
      <ManagedInGitNotice tenantId={app.tenantId} what="web app" />
      <WebAppEditFields form={form} />
      {requesting && request.fields}
    </DialogForm>
  );
}
