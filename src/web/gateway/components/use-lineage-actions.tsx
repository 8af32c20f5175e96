import type { Environment } from '@contract/common';
import { environmentName } from '@contract/vocabulary';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyDeleteError } from '@/components/conflict-toasts';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { isPreconditionFailed } from '@/lib/api-client';
import { useActivateLineageVersion } from '@/gateway/api/activate-lineage-version';
import { useDeleteLineage } from '@/gateway/api/delete-lineage';
import { useDisableLineage } from '@/gateway/api/disable-lineage';
import { gatewayKeys, type AnyLineage, type LineageKind } from '@/gateway/api/gateway-keys';
import { useFetchNewestVersion } from '@/gateway/api/get-lineage-history';
import type { LineageBasics } from '@/gateway/components/lineage-entry';
import { LineageRequestDialog } from '@/gateway/components/lineage-request-dialog';
import { lineageChanges } from '@/gateway/lib/lineage-changes';

type Kind = Pick<LineageBasics<LineageKind>, 'kind' | 'noun' | 'Noun'>;
/** A row and its name ("route /orders"). */
type Target = { row: AnyLineage; name: string };
/** A row action that the environment's approval policy turns into a change request. */
type Requested = Target & { action: 'disable' | 'enable' | 'delete' };

/**
 * Disable/Enable and Delete (behind a confirm dialog) of a route or policy row, each with its toast.
 * Every write carries the lineage's newest version as If-Match; a 412 says someone else changed it
 * and refreshes the list instead of overwriting. Where the environment's changes need approval, each
 * opens a request dialog instead (docs/requesting-changes.md).
 */
export function useLineageActions(entry: Kind, tenantId: string, environment: Environment) {
  const request = useChangeRequestForm({ tenantId, environment });
  const [requested, setRequested] = useState<Requested | null>(null);
  const [deleting, setDeleting] = useState<Target | null>(null);

  /** A direct write refused with 409 APPROVAL_REQUIRED (the policy changed): request it instead. */
  const requestInstead = (error: unknown, next: Requested) => {
    if (!request.handleDirectError(error)) return false;
    setRequested(next);
    return true;
  };
  const writes = useLineageWrites(entry, tenantId, requestInstead);

  const dialogs = (
    <>
      {requested && (
        <LineageRequestDialog
          kind={entry.kind}
          tenantId={tenantId}
          environment={requested.row.environment}
          {...requestDialogProps(entry, tenantId, requested)}
          onClose={() => setRequested(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${entry.noun}?`}
        description={deleting ? deleteDescription(deleting) : ''}
        pending={writes.deleting}
        onConfirm={() => deleting && void writes.remove(deleting, () => setDeleting(null))}
        onClose={() => setDeleting(null)}
      />
    </>
  );

  return {
    toggle: (row: AnyLineage, name: string) =>
      request.mode === 'request'
        ? setRequested({ action: row.isActive ? 'disable' : 'enable', row, name })
        : void writes.toggle({ row, name }),
    toggling: writes.toggling || request.mode === 'loading',
    // In request mode Delete opens the request dialog, which asks nothing more (the reviewers are the
    // second look) unless a global administrator bypasses.
    requestDelete: (row: AnyLineage, name: string) =>
      request.mode === 'request' ? setRequested({ action: 'delete', row, name }) : setDeleting({ row, name }),
    dialogs,
  };
}

/** The direct writes of the row actions, each with its toasts. */
function useLineageWrites(
  { kind, noun, Noun }: Kind,
  tenantId: string,
  requestInstead: (error: unknown, next: Requested) => boolean,
) {
  const queryClient = useQueryClient();
  const ifMatchOf = useIfMatch(kind, tenantId);
  const activate = useActivateLineageVersion(kind, tenantId);
  const disable = useDisableLineage(kind, tenantId);
  const remove = useDeleteLineage(kind, tenantId);
  const refresh = { queryClient, queryKey: gatewayKeys.all(kind, tenantId) };

  const onToggleError = (error: unknown, fallback: string) => {
    if (!isPreconditionFailed(error)) return notifyError(error, fallback);
    notifyProblem(
      'Not changed',
      `Someone else changed this ${noun} after you opened it. Review the current version, then try again.`,
    );
    void queryClient.invalidateQueries({ queryKey: refresh.queryKey });
  };

  const toggle = async ({ row, name }: Target) => {
    const where = environmentName(row.environment);
    const action = row.isActive ? 'disable' : 'enable';
    const failed = `Failed to ${action} ${noun}`;
    const onError = (error: unknown) =>
      requestInstead(error, { action, row, name }) || onToggleError(error, failed);
    if (!row.isActive) {
      // A disabled lineage lists its newest version: enabling activates that one again.
      return activate.mutate(
        { versionId: row.id, ifMatch: row.latestVersion ?? row.version },
        {
          onSuccess: () =>
            notifySuccess(`${Noun} enabled`, `Version ${row.version} of the ${name} is active in ${where}.`),
          onError,
        },
      );
    }
    const read = await ifMatchOf(row, failed);
    if (!read) return;
    disable.mutate(
      { lineageId: row.lineageId, ifMatch: read.ifMatch },
      {
        onSuccess: () => notifySuccess(`${Noun} disabled`, `The ${name} is no longer active in ${where}.`),
        onError,
      },
    );
  };

  const removeLineage = async ({ row, name }: Target, onSettled: () => void) => {
    const failed = `Failed to delete ${noun}`;
    const read = await ifMatchOf(row, failed);
    if (!read) return;
    remove.mutate(
      { lineageId: row.lineageId, ifMatch: read.ifMatch },
      {
        onSuccess: () => notifySuccess(`${Noun} deleted`, `The ${name} and all its versions are gone.`),
        onError: (error) =>
          requestInstead(error, { action: 'delete', row, name }) ||
          notifyDeleteError(error, noun, failed, refresh),
        onSettled,
      },
    );
  };

  return {
    toggle,
    toggling: activate.isPending || disable.isPending,
    remove: removeLineage,
    deleting: remove.isPending,
  };
}

/** The lineage's newest version number to send as If-Match, or undefined after telling why it could not be read. */
function useIfMatch(kind: LineageKind, tenantId: string) {
  const newest = useFetchNewestVersion(kind, tenantId);
  return async (row: AnyLineage, fallback: string) => {
    try {
      return { ifMatch: await newest(row) };
    } catch (error) {
      notifyError(error, fallback);
      return undefined;
    }
  };
}

const deleteDescription = ({ row, name }: Target) =>
  `This deletes the ${name} with every one of its versions in ${environmentName(row.environment)}. It cannot be undone.`;

/** What the request dialog of each action says and sends. */
function requestDialogProps({ kind, noun }: Kind, tenantId: string, { action, row, name }: Requested) {
  const where = environmentName(row.environment);
  switch (action) {
    case 'disable':
      return {
        title: `Request: disable ${name}`,
        description: `The ${name} stops being served in ${where} once the request applies.`,
        change: lineageChanges.disable(kind, tenantId, row.lineageId),
      };
    case 'enable':
      return {
        title: `Request: enable ${name}`,
        description: `Version ${row.version} of the ${name} becomes active in ${where} once the request applies.`,
        change: lineageChanges.activate(kind, tenantId, row.id),
      };
    case 'delete':
      return {
        title: `Request: delete ${name}`,
        description: `The ${name} and every one of its versions are deleted from ${where} once the request applies.`,
        change: lineageChanges.delete(kind, tenantId, row.lineageId),
        // A bypass deletes at once: it asks as the direct Delete does.
        bypassConfirmation: {
          title: `Delete ${noun}?`,
          description: deleteDescription({ row, name }),
          confirmLabel: 'Delete',
        },
      };
  }
}
