import { environmentName } from '@contract/vocabulary';
import { useQueryClient } from '@tanstack/react-query';
import { notifyDeleteError } from '@/concurrency';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { isPreconditionFailed } from '@/lib/api-client';
import { useActivateLineageVersion } from '@/gateway/api/activate-lineage-version';
import { useDeleteLineage } from '@/gateway/api/delete-lineage';
import { useDisableLineage } from '@/gateway/api/disable-lineage';
import { gatewayKeys, type AnyLineage, type LineageKind } from '@/gateway/api/gateway-keys';
import { useFetchNewestVersion } from '@/gateway/api/get-lineage-history';
import type { LineageBasics } from '@/gateway/components/lineage-entry';

export type Kind = Pick<LineageBasics<LineageKind>, 'kind' | 'noun' | 'Noun'>;
/** A row and its name ("route /orders"). */
export type Target = { row: AnyLineage; name: string };
/** A row action that the environment's approval policy turns into a change request. */
export type Requested = Target & { action: 'disable' | 'enable' | 'delete' };
/** Turns a direct write refused with 409 APPROVAL_REQUIRED into a request; false when it was another error. */
type RequestInstead = (error: unknown, next: Requested) => boolean;

/** The direct writes of the row actions, each with its toasts. */
export function useLineageWrites(entry: Kind, tenantId: string, requestInstead: RequestInstead) {
  const toggle = useLineageToggle(entry, tenantId, requestInstead);
  const remove = useLineageDelete(entry, tenantId, requestInstead);
  return { toggle: toggle.toggle, toggling: toggle.pending, remove: remove.remove, deleting: remove.pending };
}

/** Enable (activate the newest version again) or disable a row. */
function useLineageToggle({ kind, noun, Noun }: Kind, tenantId: string, requestInstead: RequestInstead) {
  const queryClient = useQueryClient();
  const ifMatchOf = useIfMatch(kind, tenantId);
  const activate = useActivateLineageVersion(kind, tenantId);
  const disable = useDisableLineage(kind, tenantId);

  const onToggleError = (error: unknown, fallback: string) => {
    if (!isPreconditionFailed(error)) return notifyError(error, fallback);
    notifyProblem(
      'Not changed',
      `Someone else changed this ${noun} after you opened it. Review the current version, then try again.`,
    );
    void queryClient.invalidateQueries({ queryKey: gatewayKeys.all(kind, tenantId) });
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

  return { toggle, pending: activate.isPending || disable.isPending };
}

/** Delete a row with all its versions. */
function useLineageDelete({ kind, noun, Noun }: Kind, tenantId: string, requestInstead: RequestInstead) {
  const queryClient = useQueryClient();
  const ifMatchOf = useIfMatch(kind, tenantId);
  const remove = useDeleteLineage(kind, tenantId);
  const refresh = { queryClient, queryKey: gatewayKeys.all(kind, tenantId) };

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

  return { remove: removeLineage, pending: remove.isPending };
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
