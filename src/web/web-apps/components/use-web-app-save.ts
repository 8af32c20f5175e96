import { useQueryClient } from '@tanstack/react-query';
import { webAppPatchServesProduction, type WebApp } from '@contract/web-apps';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { asDirectError, useChangeRequestForm } from '@/changes';
import { notifyError, notifySuccess } from '@/components/notify';
import { applyServerIssues } from '@/lib/server-issues';
import type { ConflictAwareSave } from '@/concurrency';
import { useUpdateWebApp } from '@/web-apps/api/update-web-app';
import { invalidateWebApps } from '@/web-apps/api/web-app-keys';
import {
  editWebAppFields,
  toWebAppPatch,
  type EditWebAppFormInput,
  type EditWebAppFormValues,
} from '@/web-apps/lib/web-app-form';

type Options = {
  app: WebApp;
  form: UseFormReturn<EditWebAppFormInput, unknown, EditWebAppFormValues>;
  conflict: ConflictAwareSave;
  onDone: () => void;
};

/**
 * Saves Edit Application: directly, or, when the edit changes what production serves from the app
 * and the tenant's production needs approval, as a change request (web_app.update) carrying the whole
 * edit (docs/requesting-changes.md).
 */
export function useWebAppSave({ app, form, conflict, onDone }: Options) {
  const update = useUpdateWebApp();
  const queryClient = useQueryClient();
  // What production serves from the app (its URL there, or a move in or out) is under the tenant's policy.
  const watched = useWatch({ control: form.control });
  const servesProduction = webAppPatchServesProduction(app, {
    environment: watched.environment,
    url: watched.url,
  });
  const request = useChangeRequestForm({
    tenantId: app.tenantId,
    environment: servesProduction ? 'production' : null,
  });
  const requesting = request.mode === 'request';
  const pending = update.isPending || request.pending;
  const showIssues = (error: unknown) =>
    applyServerIssues(error, form.setError, (field) => editWebAppFields.find((f) => f === field));

  const onSubmit = form.handleSubmit((values) => {
    const patch = toWebAppPatch(values, app);
    if (requesting) {
      if (!request.valid) return;
      request.submit(
        { kind: 'web_app.update', webAppId: app.id, body: patch },
        {
          // Nothing changes until the request applies; a bypass applies now.
          onSuccess: (created) => {
            if (created.status === 'applied') void invalidateWebApps(queryClient);
            onDone();
          },
          onError: (error) => showIssues(asDirectError(error)),
        },
      );
      return;
    }
    update.mutate(
      { id: app.id, patch, ifMatch: conflict.revision() },
      {
        onSuccess: (updated) => {
          notifySuccess('Web app updated', `${updated.name} has been saved.`);
          onDone();
        },
        onError: (error) => {
          // The policy changed since the dialog opened: it stays open and now requests the change.
          if (request.handleDirectError(error)) return;
          if (conflict.handleError(error)) return;
          showIssues(error);
          notifyError(error, 'Failed to update web app.');
        },
      },
    );
  });

  return { onSubmit, request, requesting, pending };
}
