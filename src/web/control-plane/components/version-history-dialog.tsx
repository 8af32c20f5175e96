import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { environments } from '@contract/common';
import type { Tenant } from '@contract/tenants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { RequestChangeDialog } from '@/components/request-change-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useActivateVersion } from '@/control-plane/api/activate-version';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';
import { useVersionHistory, type HistoryContext } from '@/control-plane/api/get-version-history';
import { VersionHistoryItem } from '@/control-plane/components/version-history-item';
import { PromoteVersionDialog, promotionTarget } from '@/control-plane/components/promote-version-dialog';
import { environmentName } from '@contract/common';
import { notifyError, notifySuccess } from '@/components/notify';

type VersionHistoryDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  context: HistoryContext | undefined;
  capabilityName: string | undefined;
  /** Activating and promoting need the same permission as creating a version. */
  canActivate: boolean;
  /** Its governance limits the regions a promotion offers. */
  tenant: Tenant;
};

const NO_CONTEXT: HistoryContext = { tenantId: '', capabilityId: '', environment: '', region: '' };

/**
 * 'Configuration Version History': newest first; activating one closes the dialog (docs/product.md,
 * States and transitions).
 */
export function VersionHistoryDialog({
  open,
  onOpenChange,
  context,
  capabilityName,
  canActivate,
  tenant,
}: VersionHistoryDialogProps) {
  const [promoting, setPromoting] = useState<ConfigurationVersion | null>(null);
  const history = useVersionHistory(context ?? NO_CONTEXT, open && !!context);
  const activate = useActivateVersion();
  const queryClient = useQueryClient();
  const versions = history.data ?? [];
  const active = versions.find((version) => version.isActive);
  const environment = environments.find((e) => e === context?.environment) ?? null;
  // Where the tenant's policy asks for approvals, Activate opens a request instead of activating.
  const request = useChangeRequestForm({
    tenantId: context?.tenantId || tenant.id,
    environment,
    enabled: open,
  });
  const [requesting, setRequesting] = useState<ConfigurationVersion | null>(null);

  const onActivate = (version: ConfigurationVersion) => {
    if (request.mode === 'request') {
      setRequesting(version);
      return;
    }
    activate.mutate(version.id, {
      onSuccess: () => {
        notifySuccess('Version activated', `Version ${version.version} is now the active configuration.`);
        onOpenChange(false);
      },
      onError: (error) => {
        if (request.handleDirectError(error)) setRequesting(version);
        else notifyError(error, 'Failed to activate version');
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Configuration Version History</DialogTitle>
          <DialogDescription>
            {context
              ? `${capabilityName ?? context.capabilityId} · ${context.environment} · ${context.region}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <div aria-busy="true" className="space-y-2">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : versions.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No version history available</p>
        ) : (
          <ol className="space-y-3" aria-label="Configuration versions">
            {versions.map((version) => (
              <VersionHistoryItem
                key={version.id}
                version={version}
                active={active}
                canActivate={canActivate}
                activating={activate.isPending || request.mode === 'loading'}
                onActivate={() => onActivate(version)}
                {...promoteProps(version)}
              />
            ))}
          </ol>
        )}
        <PromoteVersionDialog
          open={!!promoting}
          onOpenChange={(next) => !next && setPromoting(null)}
          tenant={tenant}
          version={promoting ?? undefined}
          capabilityName={capabilityName}
          // Like an activation, a promotion closes the history: the cards show the outcome.
          onPromoted={() => onOpenChange(false)}
        />
        {requesting && environment && (
          <RequestChangeDialog
            open
            onOpenChange={(next) => !next && setRequesting(null)}
            title={`Request: activate version ${requesting.version}`}
            description={`Version ${requesting.version} becomes the active ${environmentName(environment)} configuration in ${requesting.region} once the request applies.`}
            form={request}
            change={{ kind: 'configuration.activate', versionId: requesting.id }}
            onRequested={(created) => {
              if (created.status === 'applied') void invalidateVersions(queryClient, tenant.id);
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );

  function promoteProps(version: ConfigurationVersion) {
    const target = promotionTarget(version.environment);
    if (!version.isActive || !canActivate || !target) return {};
    return { promoteTo: environmentName(target), onPromote: () => setPromoting(version) };
  }
}
