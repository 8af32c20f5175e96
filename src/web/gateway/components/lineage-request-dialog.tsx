import type { Change, ChangeRequest } from '@contract/changes';
import type { Environment } from '@contract/common';
import { useQueryClient } from '@tanstack/react-query';
import { ChangeRequestFormScope, RequestChangeDialog } from '@/changes';
import { invalidateLineages, type LineageKind } from '@/gateway/api/gateway-keys';

type LineageRequestDialogProps = {
  kind: LineageKind;
  tenantId: string;
  /** The lineage's environment, whose approval policy applies. */
  environment: Environment;
  /** e.g. "Request: delete route /orders" */
  title: string;
  description: string;
  change: Change;
  /** A bypass applies at once: it asks as the direct action does (Delete). */
  bypassConfirmation?: { title: string; description: string; confirmLabel: string };
  onClose: () => void;
  onRequested?: (request: ChangeRequest) => void;
};

/**
 * The request form of a row or history action that has no form of its own (Activate, Disable/Enable,
 * Delete) where the environment needs approval (docs/requesting-changes.md). Mounted while open, so
 * every opening starts with empty request fields. Nothing in the list changes until the request
 * applies; a bypass applies now, so the lists refetch then.
 */
export function LineageRequestDialog({
  kind,
  tenantId,
  environment,
  onClose,
  onRequested,
  ...props
}: LineageRequestDialogProps) {
  const queryClient = useQueryClient();
  return (
    <ChangeRequestFormScope tenantId={tenantId} environment={environment}>
      {(form) => (
        <RequestChangeDialog
          open
          onOpenChange={(next) => !next && onClose()}
          form={form}
          {...props}
          onRequested={(created) => {
            if (created.status === 'applied') void invalidateLineages(queryClient, kind, tenantId);
            onRequested?.(created);
          }}
        />
      )}
    </ChangeRequestFormScope>
  );
}
