import type { Environment } from '@contract/common';
import { environmentName } from '@contract/vocabulary';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { asDirectError, useChangeRequestForm } from '@/changes';
import { notifyError, notifySuccess } from '@/components/notify';
import { useConflictAwareSave } from '@/concurrency';
import { applyServerIssues } from '@/lib/server-issues';
import { useCreateLineage } from '@/gateway/api/create-lineage';
import { invalidateLineages, type LineageKind, type LineageOf } from '@/gateway/api/gateway-keys';
import { useUpdateLineage } from '@/gateway/api/update-lineage';
import type { LineageEntry } from '@/gateway/components/lineage-entry';
import { conflictFieldOf } from '@/gateway/lib/conflict-field';

export type SaveOptions<K extends LineageKind, V extends FieldValues> = {
  entry: LineageEntry<K, V>;
  tenantId: string;
  environment: Environment;
  /** Editing: the version, with its lineage's newest version number as the revision to send. */
  version?: LineageOf<K> & { revision: number };
  onDone: () => void;
};

/**
 * A lineage form's save: create or edit directly, or where the tenant's approval policy for the
 * environment asks, request it. A refusal lands on the form's fields; a 412 shows as a conflict.
 */
export function useLineageSave<K extends LineageKind, V extends FieldValues>(options: SaveOptions<K, V>) {
  const { entry, tenantId, environment, version, onDone } = options;
  const { kind, noun, form: kindForm } = entry;
  const direct = useDirectSave(options);
  const queryClient = useQueryClient();
  const request = useChangeRequestForm({ tenantId, environment });
  const form = kindForm.useForm(version, tenantId);
  const { serverError, setServerError, showIssues } = useServerIssues(kindForm, form);
  const conflict = useConflictAwareSave<V, LineageOf<K> & { revision: number }>({
    form,
    resource: version,
    toFormValues: (resource: LineageOf<K>) => kindForm.values(resource, tenantId),
    what: noun,
    labels: kindForm.labels,
  });

  const onError = (error: unknown, fallback: string) => {
    // The policy changed since the dialog opened: it stays open and now requests the change.
    if (request.handleDirectError(error)) return;
    if (conflict.handleError(error)) return;
    showIssues(error);
    notifyError(error, fallback);
  };

  const sendRequest = (values: V) => {
    if (!request.valid) return;
    const fields = kindForm.toFields(values);
    request.submit(
      version
        ? kindForm.editChange(tenantId, version.lineageId, fields)
        : kindForm.createChange(tenantId, kindForm.toCreate(values, environment)),
      {
        // Nothing changes until the request applies; a bypass applies now.
        onSuccess: (created) => {
          if (created.status === 'applied') void invalidateLineages(queryClient, kind, tenantId);
          onDone();
        },
        // The change's issues (body.change.body.path...) are this form's own; the hook toasts.
        onError: (error) => showIssues(asDirectError(error)),
      },
    );
  };

  const submit = form.handleSubmit((values) => {
    setServerError(null);
    if (request.mode === 'request') return sendRequest(values);
    direct.save(values, conflict.revision(), onError);
  });

  const pending = direct.pending || request.pending;
  return { form, request, conflict, serverError, pending, submit };
}

/** A refusal's issues on the form's fields (a listed problem focuses its field), and the last refusal. */
function useServerIssues<K extends LineageKind, V extends FieldValues>(
  kindForm: LineageEntry<K, V>['form'],
  form: UseFormReturn<V>,
) {
  const [serverError, setServerError] = useState<unknown>(null);
  const showIssues = (error: unknown) => {
    setServerError(error);
    const { capability, other } = kindForm.conflictFields;
    applyServerIssues(
      error,
      form.setError,
      kindForm.issueField,
      conflictFieldOf(error, { capability, other }),
    );
    const listed = kindForm.listedProblems;
    if (listed?.found(error)) form.setFocus(listed.field);
  };
  return { serverError, setServerError, showIssues };
}

/** The save without a request: a new lineage, or the next version of one (If-Match: `ifMatch`). */
function useDirectSave<K extends LineageKind, V extends FieldValues>(options: SaveOptions<K, V>) {
  const { kind, noun, Noun, form: kindForm } = options.entry;
  const { tenantId, environment, version, onDone } = options;
  const create = useCreateLineage(kind, tenantId);
  const update = useUpdateLineage(kind, tenantId);
  const where = environmentName(environment);

  const save = (
    values: V,
    ifMatch: number | undefined,
    onError: (error: unknown, fallback: string) => void,
  ) => {
    if (version) {
      update.mutate(
        { lineageId: version.lineageId, fields: kindForm.toFields(values), ifMatch },
        {
          onSuccess: (saved) => {
            notifySuccess(
              `${Noun} updated`,
              `Version ${saved.version} of ${kindForm.label(saved)} is active in ${where}.`,
            );
            onDone();
          },
          onError: (error) => onError(error, `Failed to update ${noun}`),
        },
      );
    } else {
      create.mutate(kindForm.toCreate(values, environment), {
        onSuccess: (saved) => {
          notifySuccess(`${Noun} created`, `${kindForm.label(saved)} is active in ${where}.`);
          onDone();
        },
        onError: (error) => onError(error, `Failed to create ${noun}`),
      });
    }
  };

  return { save, pending: create.isPending || update.isPending };
}
