import type { Environment } from '@contract/common';
import { environmentName } from '@contract/vocabulary';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { AnyLineage } from '@/gateway/api/gateway-keys';
import { LineageRequestDialog } from '@/gateway/components/lineage-request-dialog';
import {
  useLineageWrites,
  type Kind,
  type Requested,
  type Target,
} from '@/gateway/components/use-lineage-writes';
import { lineageChanges } from '@/gateway/lib/lineage-changes';

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
