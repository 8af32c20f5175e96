import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { CodeBlock } from '@/components/code-block';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { isPreconditionFailed } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { ConfigurationDiff } from '@/components/configuration-diff';
import { environmentName } from '@contract/common';
import { useActivateLineageVersion } from '@/gateway/api/activate-lineage-version';
import { gatewayKeys, type AnyLineage, type LineageKind } from '@/gateway/api/gateway-keys';
import { newestOf, useLineageHistory } from '@/gateway/api/get-lineage-history';
import { LineageRequestDialog } from '@/gateway/components/lineage-request-dialog';
import { lineageChanges } from '@/gateway/lib/lineage-changes';
import { promotedFromLabel, promoteLabel } from '@/gateway/lib/promotion';

type LineageHistoryDialogProps = {
  kind: LineageKind;
  tenantId: string;
  /** The row whose history is open; undefined: closed. */
  lineage: AnyLineage | undefined;
  /** "route /orders". */
  name: string;
  onClose: () => void;
  /** A version as text, for display and for the diff against the active version. */
  describe: (version: AnyLineage) => string;
  canActivate: boolean;
  /** Opens the promote dialog for the active version (offered with canActivate, before production). */
  onPromote?: (version: AnyLineage) => void;
};

const localTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? formatDate(iso) : date.toLocaleString();
};

/** Versions newest first, each with its author and time, its diff against the active one, and Activate. */
export function LineageHistoryDialog({
  kind,
  tenantId,
  lineage,
  name,
  onClose,
  describe,
  canActivate,
  onPromote,
}: LineageHistoryDialogProps) {
  const queryClient = useQueryClient();
  const history = useLineageHistory(kind, tenantId, lineage?.lineageId);
  const activate = useActivateLineageVersion(kind, tenantId);
  const versions = history.data?.rows ?? [];
  const total = history.data?.total ?? 0;
  const active = versions.find((version) => version.isActive);
  const newest = newestOf(versions);
  // Where the tenant's policy asks for approvals, Activate opens a request instead of activating.
  const request = useChangeRequestForm({
    tenantId,
    environment: lineage?.environment ?? null,
    enabled: !!lineage,
  });
  const [requesting, setRequesting] = useState<AnyLineage | null>(null);

  const onActivate = (version: AnyLineage) => {
    if (request.mode === 'request') {
      setRequesting(version);
      return;
    }
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

  return (
    <Dialog open={!!lineage} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{kind === 'routes' ? 'Route Version History' : 'Policy Version History'}</DialogTitle>
          <DialogDescription>
            {lineage ? `${name} · ${environmentName(lineage.environment)} · ${lineage.capabilityId}` : ''}
          </DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <div aria-busy="true" className="space-y-2">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : history.isError ? (
          <p role="alert" className="py-6 text-center text-sm text-destructive">
            Could not load the version history.
          </p>
        ) : versions.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No version history available</p>
        ) : (
          <div className="max-h-[65vh] space-y-3 overflow-y-auto">
            {!active && (
              <p className="text-sm text-muted-foreground">
                Disabled: no version is active. Activating one enables the {name.split(' ')[0]} again.
              </p>
            )}
            <ol className="space-y-3" aria-label="Versions">
              {versions.map((version) => (
                <li
                  key={version.id}
                  className="space-y-2 rounded-md border p-3"
                  data-testid="history-version"
                  aria-label={`Version ${version.version}`}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">Version {version.version}</span>
                    {version.isActive && <Badge>Active</Badge>}
                    <span className="text-xs text-muted-foreground">
                      by {version.createdBy ?? 'unknown'} ·{' '}
                      <time dateTime={version.createdAt}>{localTime(version.createdAt)}</time>
                    </span>
                    {!version.isActive && canActivate && (
                      <Button
                        size="sm"
                        variant="outline"
                        className="ml-auto"
                        disabled={activate.isPending || request.mode === 'loading'}
                        aria-label={`Activate version ${version.version}`}
                        onClick={() => onActivate(version)}
                      >
                        Activate
                      </Button>
                    )}
                    {version.isActive && canActivate && onPromote && promoteLabel(version) && (
                      <Button
                        size="sm"
                        variant="outline"
                        className="ml-auto"
                        onClick={() => onPromote(version)}
                      >
                        {promoteLabel(version)}
                      </Button>
                    )}
                  </div>
                  {version.promotedFrom && (
                    <p className="text-xs text-muted-foreground" data-testid="promoted-from">
                      {promotedFromLabel(version.promotedFrom)}
                    </p>
                  )}
                  <CodeBlock
                    label={`Version ${version.version}`}
                    className="max-h-48 whitespace-pre-wrap break-all"
                  >
                    {describe(version)}
                  </CodeBlock>
                  {!version.isActive && active && (
                    <ConfigurationDiff
                      from={describe(active)}
                      to={describe(version)}
                      activeVersion={active.version}
                    />
                  )}
                </li>
              ))}
            </ol>
            {total > versions.length && (
              <p className="text-xs text-muted-foreground">
                Showing the newest {versions.length} of {total} versions.
              </p>
            )}
          </div>
        )}
        {requesting && lineage && (
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
        )}
      </DialogContent>
    </Dialog>
  );
}
