import type { Environment } from '@contract/common';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isPreconditionFailed } from '@/lib/api-client';
import { notifyDeleteError } from '@/components/conflict-toasts';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { environmentName } from '@contract/common';
import { useActivateLineageVersion } from '@/gateway/api/activate-lineage-version';
import { useDeleteLineage } from '@/gateway/api/delete-lineage';
import { useDisableLineage } from '@/gateway/api/disable-lineage';
import { gatewayKeys, type AnyLineage, type LineageKind } from '@/gateway/api/gateway-keys';
import { useFetchNewestVersion } from '@/gateway/api/get-lineage-history';
import { LineageRequestDialog } from '@/gateway/components/lineage-request-dialog';
import { lineageChanges } from '@/gateway/lib/lineage-changes';

/** "route", "policy"; with its title-case form for toasts. */
const nouns: Record<LineageKind, { noun: string; Noun: string }> = {
  routes: { noun: 'route', Noun: 'Route' },
  policies: { noun: 'policy', Noun: 'Policy' },
};

/** A row action that the environment's approval policy turns into a change request. */
type Requested = { action: 'disable' | 'enable' | 'delete'; row: AnyLineage; name: string };

/**
 * Disable/Enable and Delete (behind a confirm dialog) of a route or policy row, each with its toast.
 * Every write carries the lineage's newest version as If-Match; a 412 says someone else changed it
 * and refreshes the list instead of overwriting. Where the environment's changes need approval, each
 * opens a request dialog instead (docs/requesting-changes.md).
 */
export function useLineageActions(kind: LineageKind, tenantId: string, environment: Environment) {
  const queryClient = useQueryClient();
  const { noun, Noun } = nouns[kind];
  const newest = useFetchNewestVersion(kind, tenantId);
  const activate = useActivateLineageVersion(kind, tenantId);
  const disable = useDisableLineage(kind, tenantId);
  const remove = useDeleteLineage(kind, tenantId);
  const [deleting, setDeleting] = useState<{ row: AnyLineage; name: string } | null>(null);
  const refresh = { queryClient, queryKey: gatewayKeys.all(kind, tenantId) };
  const request = useChangeRequestForm({ tenantId, environment });
  const [requested, setRequested] = useState<Requested | null>(null);

  /** A direct write refused with 409 APPROVAL_REQUIRED (the policy changed): request it instead. */
  const requestInstead = (error: unknown, next: Requested) => {
    if (!request.handleDirectError(error)) return false;
    setRequested(next);
    return true;
  };

  const onToggleError = (error: unknown, fallback: string) => {
    if (!isPreconditionFailed(error)) return notifyError(error, fallback);
    notifyProblem(
      'Not changed',
      `Someone else changed this ${noun} after you opened it. Review the current version, then try again.`,
    );
    void queryClient.invalidateQueries({ queryKey: refresh.queryKey });
  };

  const toggle = async (row: AnyLineage, name: string) => {
    const where = environmentName(row.environment);
    const action = row.isActive ? 'disable' : 'enable';
    if (request.mode === 'request') return setRequested({ action, row, name });
    if (row.isActive) {
      let ifMatch: number | undefined;
      try {
        ifMatch = await newest(row);
      } catch (error) {
        return notifyError(error, `Failed to disable ${noun}`);
      }
      disable.mutate(
        { lineageId: row.lineageId, ifMatch },
        {
          onSuccess: () => notifySuccess(`${Noun} disabled`, `The ${name} is no longer active in ${where}.`),
          onError: (error) =>
            requestInstead(error, { action, row, name }) || onToggleError(error, `Failed to disable ${noun}`),
        },
      );
    } else {
      // A disabled lineage lists its newest version: enabling activates that one again.
      activate.mutate(
        { versionId: row.id, ifMatch: row.latestVersion ?? row.version },
        {
          onSuccess: () =>
            notifySuccess(`${Noun} enabled`, `Version ${row.version} of the ${name} is active in ${where}.`),
          onError: (error) =>
            requestInstead(error, { action, row, name }) || onToggleError(error, `Failed to enable ${noun}`),
        },
      );
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { row, name } = deleting;
    let ifMatch: number | undefined;
    try {
      ifMatch = await newest(row);
    } catch (error) {
      return notifyError(error, `Failed to delete ${noun}`);
    }
    remove.mutate(
      { lineageId: row.lineageId, ifMatch },
      {
        onSuccess: () => notifySuccess(`${Noun} deleted`, `The ${name} and all its versions are gone.`),
        onError: (error) =>
          requestInstead(error, { action: 'delete', row, name }) ||
          notifyDeleteError(error, noun, `Failed to delete ${noun}`, refresh),
        onSettled: () => setDeleting(null),
      },
    );
  };

  const deleteDescription = (row: AnyLineage, name: string) =>
    `This deletes the ${name} with every one of its versions in ${environmentName(row.environment)}. It cannot be undone.`;

  const dialogs = (
    <>
      {requested && (
        <LineageRequestDialog
          kind={kind}
          tenantId={tenantId}
          environment={requested.row.environment}
          {...requestDialogProps(requested)}
          onClose={() => setRequested(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${noun}?`}
        description={deleting ? deleteDescription(deleting.row, deleting.name) : ''}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );

  /** What the request dialog of each action says and sends. */
  function requestDialogProps({ action, row, name }: Requested) {
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
            description: deleteDescription(row, name),
            confirmLabel: 'Delete',
          },
        };
    }
  }

  return {
    toggle: (row: AnyLineage, name: string) => void toggle(row, name),
    toggling: activate.isPending || disable.isPending || request.mode === 'loading',
    // In request mode Delete opens the request dialog, which asks nothing more (the reviewers are the
    // second look) unless a global administrator bypasses.
    requestDelete: (row: AnyLineage, name: string) =>
      request.mode === 'request' ? setRequested({ action: 'delete', row, name }) : setDeleting({ row, name }),
    dialogs,
  };
}
