import type { WebApp } from '@contract/web-apps';
import { useQueryClient } from '@tanstack/react-query';
import { requestSubmitProps, useChangeRequestForm, type ChangeRequestForm } from '@/changes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DialogForm } from '@/components/dialog-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notifyDeleteError } from '@/concurrency';
import { notifySuccess } from '@/components/notify';
import { useDeleteWebApp } from '@/web-apps/api/delete-web-app';
import { invalidateWebApps } from '@/web-apps/api/web-app-keys';

type WebAppDeleteDialogProps = { open: boolean; app: WebApp | null; onClose: () => void };

/**
 * The delete, directly or, where the tenant's policy asks approvals in the app's environment (production,
 * by default), as a change request (web_app.delete): removing what an environment serves is a change
 * there (docs/requesting-changes.md).
 */
function useWebAppDelete(open: boolean, app: WebApp | null, onClose: () => void) {
  const remove = useDeleteWebApp();
  const queryClient = useQueryClient();
  const request = useChangeRequestForm({
    tenantId: app?.tenantId ?? null,
    environment: app?.environment ?? null,
    enabled: open && app !== null,
  });
  const requesting = request.mode === 'request';

  const confirm = () => {
    if (!app) return;
    if (requesting) {
      if (!request.valid) return;
      // Nothing is deleted until the request applies; a bypass applies now.
      return request.submit(
        { kind: 'web_app.delete', webAppId: app.id },
        {
          onSuccess: (created) => {
            if (created.status === 'applied') void invalidateWebApps(queryClient);
            onClose();
          },
        },
      );
    }
    remove.mutate(
      { id: app.id, ifMatch: app.revision },
      {
        onSuccess: () => {
          notifySuccess('Web app deleted', `${app.name} has been deleted.`);
          onClose();
        },
        onError: (error) => {
          // The policy changed since the dialog opened: it stays open and now requests the delete.
          if (request.handleDirectError(error)) return;
          notifyDeleteError(error, 'web app', 'Failed to delete web app.');
          onClose();
        },
      },
    );
  };
  return { request, requesting, confirm, pending: remove.isPending || request.pending };
}

/** Confirms deleting a web app, or, where that needs approval, asks the request's fields. */
export function WebAppDeleteDialog({ open, app, onClose }: WebAppDeleteDialogProps) {
  const { request, requesting, confirm, pending } = useWebAppDelete(open, app, onClose);
  if (open && requesting && app)
    return (
      <RequestDeleteDialog
        app={app}
        request={request}
        pending={pending}
        onConfirm={confirm}
        onClose={onClose}
      />
    );
  return (
    <ConfirmDialog
      open={open && app !== null}
      title="Delete application?"
      description={app ? `"${app.name}" will be deleted. This cannot be undone.` : ''}
      pending={pending}
      onClose={onClose}
      onConfirm={confirm}
      confirmDisabled={request.mode === 'loading'}
    />
  );
}

type RequestDeleteDialogProps = {
  app: WebApp;
  request: ChangeRequestForm;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The delete as a request: its fields (title, schedule, a bypass) need a form, not a confirmation. */
function RequestDeleteDialog({ app, request, pending, onConfirm, onClose }: RequestDeleteDialogProps) {
  return (
    <Dialog open onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Delete application?</DialogTitle>
          <DialogDescription>
            {`"${app.name}" serves ${app.environment}: deleting it needs approval, so this files a change request.`}
          </DialogDescription>
        </DialogHeader>
        <DialogForm
          label="Request the delete"
          pending={pending}
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
          {...requestSubmitProps(request, { pending, label: 'Delete' })}
        >
          {request.fields}
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
