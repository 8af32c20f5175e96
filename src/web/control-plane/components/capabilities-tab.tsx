import type { Capability } from '@contract/capabilities';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import type { Tenant } from '@contract/tenants';
import type { Environment } from '@contract/common';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { ActiveVersionsNotice, CardsSkeleton } from '@/control-plane/components/capabilities-tab-states';
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
