import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isPreconditionFailed } from '@/lib/api-client';
import { notifyDeleteError } from '@/lib/conflict-toasts';
import { notifyError, notifyProblem, notifySuccess } from '@/lib/notify';
import { environmentName } from '@/tenants/control-plane/lib/labels';
import { useActivateLineageVersion } from '@/tenants/gateway/api/activate-lineage-version';
import { useDeleteLineage } from '@/tenants/gateway/api/delete-lineage';
import { useDisableLineage } from '@/tenants/gateway/api/disable-lineage';
import { gatewayKeys, type AnyLineage, type LineageKind } from '@/tenants/gateway/api/gateway-keys';
import { useFetchNewestVersion } from '@/tenants/gateway/api/get-lineage-history';

/** "route", "policy"; with its title-case form for toasts. */
const nouns: Record<LineageKind, { noun: string; Noun: string }> = {
  routes: { noun: 'route', Noun: 'Route' },
  policies: { noun: 'policy', Noun: 'Policy' },
};

/**
 * Disable/Enable and Delete (behind a confirm dialog) of a route or policy row, each with its toast.
 * Every write carries the lineage's newest version as If-Match; a 412 says someone else changed it
 * and refreshes the list instead of overwriting.
 */
export function useLineageActions(kind: LineageKind, tenantId: string) {
  const queryClient = useQueryClient();
  const { noun, Noun } = nouns[kind];
  const newest = useFetchNewestVersion(kind, tenantId);
  const activate = useActivateLineageVersion(kind, tenantId);
  const disable = useDisableLineage(kind, tenantId);
  const remove = useDeleteLineage(kind, tenantId);
  const [deleting, setDeleting] = useState<{ row: AnyLineage; name: string } | null>(null);
  const refresh = { queryClient, queryKey: gatewayKeys.all(kind, tenantId) };

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
          onError: (error) => onToggleError(error, `Failed to disable ${noun}`),
        },
      );
    } else {
      // A disabled lineage lists its newest version: enabling activates that one again.
      activate.mutate(
        { versionId: row.id, ifMatch: row.latestVersion ?? row.version },
        {
          onSuccess: () =>
            notifySuccess(`${Noun} enabled`, `Version ${row.version} of the ${name} is active in ${where}.`),
          onError: (error) => onToggleError(error, `Failed to enable ${noun}`),
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
        onError: (error) => notifyDeleteError(error, noun, `Failed to delete ${noun}`, refresh),
        onSettled: () => setDeleting(null),
      },
    );
  };

  const dialogs = (
    <ConfirmDialog
      open={deleting !== null}
      title={`Delete ${noun}?`}
      description={
        deleting
          ? `This deletes the ${deleting.name} with every one of its versions in ${environmentName(deleting.row.environment)}. It cannot be undone.`
          : ''
      }
      pending={remove.isPending}
      onConfirm={() => void confirmDelete()}
      onClose={() => setDeleting(null)}
    />
  );

  return {
    toggle: (row: AnyLineage, name: string) => void toggle(row, name),
    toggling: activate.isPending || disable.isPending,
    requestDelete: (row: AnyLineage, name: string) => setDeleting({ row, name }),
    dialogs,
  };
}
