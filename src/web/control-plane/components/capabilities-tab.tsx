import type { Capability } from '@contract/capabilities';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import type { Tenant } from '@contract/tenants';
import type { Environment } from '@contract/common';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanOnTenant } from '@/auth';
import { CapabilityGrid } from '@/control-plane/components/capability-grid';
import { useCapabilityCards } from '@/control-plane/components/use-capability-cards';
import { ConfigureCapabilityDialog } from '@/control-plane/components/configure-capability-dialog';
import { ContextFilter } from '@/components/context-filter';
import { VersionHistoryDialog } from '@/control-plane/components/version-history-dialog';
import type { Context } from '@/control-plane/lib/default-context';
import { prettyJson } from '@/control-plane/lib/json-text';

type OpenDialog = { kind: 'configure' | 'history'; capability: Capability } | null;

type CapabilitiesTabProps = {
  tenant: Tenant;
  /** The (environment, region) shown; it lives in the address. */
  context: Context;
  onEnvironmentChange: (environment: Environment) => void;
  onRegionChange: (region: string) => void;
  /** Opens the Configuration tab, where the tenant's region policy is edited. */
  onEditRegionPolicy: () => void;
};

type TabDialogsProps = {
  dialog: OpenDialog;
  onClose: () => void;
  tenant: Tenant;
  context: Context;
  activeFor: (capability: Capability) => ConfigurationVersion | undefined;
  canVersion: boolean;
};

/** Configure (prefilled with the active configuration) and History of the chosen capability. */
function TabDialogs({ dialog, onClose, tenant, context, activeFor, canVersion }: TabDialogsProps) {
  return (
    <>
      <ConfigureCapabilityDialog
        open={dialog?.kind === 'configure'}
        onOpenChange={(open) => !open && onClose()}
        tenant={tenant}
        capability={dialog?.capability}
        initial={{
          environment: context.environment,
          region: context.region,
          configuration: prettyJson(dialog ? activeFor(dialog.capability)?.configuration : undefined),
        }}
      />
      <VersionHistoryDialog
        open={dialog?.kind === 'history'}
        onOpenChange={(open) => !open && onClose()}
        context={dialog ? { tenantId: tenant.id, capabilityId: dialog.capability.id, ...context } : undefined}
        capabilityName={dialog?.capability.name}
        canActivate={canVersion}
        tenant={tenant}
      />
    </>
  );
}

/**
 * The capability cards for one (environment, region). Three requests in all, however many
 * capabilities: the tenant (page), the catalogue's first page, and the context's active versions.
 */
export function CapabilitiesTab({
  tenant,
  context,
  onEnvironmentChange,
  onRegionChange,
  onEditRegionPolicy,
}: CapabilitiesTabProps) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const canVersion = useCanOnTenant(tenant.id, 'versions');
  const { capabilities, active, activeFor, loadMore } = useCapabilityCards(tenant.id, context);

  return (
    <div className="space-y-6">
      <ContextFilter
        tenant={tenant}
        environment={context.environment}
        region={context.region}
        onEnvironmentChange={onEnvironmentChange}
        onRegionChange={onRegionChange}
        onEditRegionPolicy={onEditRegionPolicy}
      />
      {capabilities.isSuccess && active.isError && (
        <ActiveVersionsNotice error={active.error} onRetry={() => void active.refetch()} />
      )}
      <ListState
        // Only the catalogue can fail the list: without the active versions the cards show unconfigured.
        status={capabilities.status === 'success' && active.isPending ? 'pending' : capabilities.status}
        error={capabilities.error}
        onRetry={() => void capabilities.refetch()}
        isEmpty={(capabilities.data?.capabilities ?? []).length === 0}
        loading={<CardsSkeleton />}
        empty={<EmptyState title="No capabilities available" />}
        errorTitle="Could not load the capabilities"
      >
        <CapabilityGrid
          capabilities={capabilities.data?.capabilities ?? []}
          total={capabilities.data?.total ?? 0}
          activeFor={activeFor}
          canConfigure={canVersion}
          onConfigure={(capability) => setDialog({ kind: 'configure', capability })}
          onHistory={(capability) => setDialog({ kind: 'history', capability })}
          hasMore={capabilities.hasNextPage}
          loadingMore={capabilities.isFetchingNextPage}
          onLoadMore={loadMore}
        />
      </ListState>
      <TabDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        tenant={tenant}
        context={context}
        activeFor={activeFor}
        canVersion={canVersion}
      />
    </div>
  );
}

/** A quiet notice, not an error page: the catalogue loaded, only the active versions did not. */
function ActiveVersionsNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted/40 px-4 py-3 text-sm"
    >
      <CircleAlert className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        Active configurations could not be loaded, so the cards show as unconfigured.{' '}
        <span className="text-muted-foreground">{getErrorMessage(error, 'The server did not answer.')}</span>
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

function CardsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-48" />
      ))}
    </div>
  );
}
