import { environmentName } from '@contract/vocabulary';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { isPreconditionFailed } from '@/lib/api-client';
import { useActivateLineageVersion } from '@/gateway/api/activate-lineage-version';
import { gatewayKeys, type LineageKind, type LineageOf } from '@/gateway/api/gateway-keys';
import { LineageRequestDialog } from '@/gateway/components/lineage-request-dialog';
import { lineageChanges } from '@/gateway/lib/lineage-changes';

type ActivationOptions<K extends LineageKind> = {
  kind: K;
  tenantId: string;
  /** The lineage whose history is open; undefined: closed. */
  lineage: LineageOf<K> | undefined;
  name: string;
  /** The lineage's newest version number: the If-Match of an activation. */
  newest: number | undefined;
  /** Activating, or requesting it, closes the history. */
  onClose: () => void;
};

/**
 * Activate in a lineage's history: directly with its newest version as If-Match (a 412 refreshes the
 * history), or where the tenant's policy asks for approvals, through a request dialog (`dialog`).
 */
export function useLineageActivation<K extends LineageKind>({
  kind,
  tenantId,
  lineage,
  name,
  newest,
  onClose,
}: ActivationOptions<K>) {
  const queryClient = useQueryClient();
  const activate = useActivateLineageVersion(kind, tenantId);
  const request = useChangeRequestForm({
    tenantId,
    environment: lineage?.environment ?? null,
    enabled: !!lineage,
  });
  const [requesting, setRequesting] = useState<LineageOf<K> | null>(null);

  const onActivate = (version: LineageOf<K>) => {
    if (request.mode === 'request') return setRequesting(version);
    activate.mutate(
      { versionId: version.id, ifMatch: newest },
      {
        onSuccess: () => {
          notifySuccess('Version activated', `Version ${version.version} of the ${name} is now active.`);
          onClose();
        },
        onError: (error) => {
          // The policy changed since the history opened: the activation becomes a request.
          if (request.handleDirectError(error)) return setRequesting(version);
          if (!isPreconditionFailed(error)) return notifyError(error, 'Failed to activate version');
          notifyProblem(
            'Not activated',
            `Someone else changed the ${name} while you were looking. The history now shows its current versions.`,
          );
          void queryClient.invalidateQueries({ queryKey: gatewayKeys.all(kind, tenantId) });
        },
      },
    );
  };

  const dialog = requesting && lineage && (
    <LineageRequestDialog
      kind={kind}
      tenantId={tenantId}
      environment={lineage.environment}
      title={`Request: activate version ${requesting.version}`}
      description={`Version ${requesting.version} of the ${name} becomes the active one in ${environmentName(lineage.environment)} once the request applies.`}
      change={lineageChanges.activate(kind, tenantId, requesting.id)}
      onClose={() => setRequesting(null)}
      // Like an activation, a request closes the history.
      onRequested={onClose}
    />
  );

  return { activate: onActivate, busy: activate.isPending || request.mode === 'loading', dialog };
}
