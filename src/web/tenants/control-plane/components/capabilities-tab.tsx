import type { Capability } from '@contract/capabilities';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import type { Tenant } from '@contract/tenants';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanOnTenant } from '@/auth';
import { useActiveVersions } from '@/tenants/control-plane/api/get-active-versions';
import { useCapabilities } from '@/tenants/control-plane/api/get-capabilities';
import { CapabilityCard } from '@/tenants/control-plane/components/capability-card';
import { ConfigureCapabilityDialog } from '@/tenants/control-plane/components/configure-capability-dialog';
import { ContextFilter } from '@/tenants/control-plane/components/context-filter';
import { VersionHistoryDialog } from '@/tenants/control-plane/components/version-history-dialog';
import { defaultContext, type Context } from '@/tenants/control-plane/lib/default-context';
import { prettyJson } from '@/tenants/control-plane/lib/json-text';

type OpenDialog = { kind: 'configure' | 'history'; capability: Capability } | null;

/**
 * The capability cards for one (environment, region). Three requests in all, however many
 * capabilities: the tenant (page), the catalogue, and the context's active versions.
 */
export function CapabilitiesTab({ tenant }: { tenant: Tenant }) {
  const [context, setContext] = useState<Context>(() => defaultContext(tenant));
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const canVersion = useCanOnTenant(tenant.id, 'versions');
  const capabilities = useCapabilities();
  const active = useActiveVersions({ tenantId: tenant.id, ...context });
  const activeFor = (capability: Capability): ConfigurationVersion | undefined =>
    active.data?.get(capability.id);

  return (
    <div className="space-y-6">
      <ContextFilter
        environment={context.environment}
        region={context.region}
        onEnvironmentChange={(environment) => setContext((c) => ({ ...c, environment }))}
        onRegionChange={(region) => setContext((c) => ({ ...c, region }))}
      />
      <ListState
        status={capabilities.status === 'success' ? active.status : capabilities.status}
        error={capabilities.error ?? active.error}
        onRetry={() => void (capabilities.isError ? capabilities.refetch() : active.refetch())}
        isEmpty={(capabilities.data ?? []).length === 0}
        loading={<CardsSkeleton />}
        empty={<EmptyState title="No capabilities available" />}
        errorTitle="Could not load the capabilities"
      >
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {(capabilities.data ?? []).map((capability) => (
            <CapabilityCard
              key={capability.id}
              capability={capability}
              active={activeFor(capability)}
              canConfigure={canVersion}
              onConfigure={() => setDialog({ kind: 'configure', capability })}
              onHistory={() => setDialog({ kind: 'history', capability })}
            />
          ))}
        </div>
      </ListState>
      <ConfigureCapabilityDialog
        open={dialog?.kind === 'configure'}
        onOpenChange={(open) => !open && setDialog(null)}
        tenantId={tenant.id}
        capability={dialog?.capability}
        initial={{
          environment: context.environment,
          region: context.region,
          configuration: prettyJson(dialog ? activeFor(dialog.capability)?.configuration : undefined),
        }}
      />
      <VersionHistoryDialog
        open={dialog?.kind === 'history'}
        onOpenChange={(open) => !open && setDialog(null)}
        context={dialog ? { tenantId: tenant.id, capabilityId: dialog.capability.id, ...context } : undefined}
        capabilityName={dialog?.capability.name}
        canActivate={canVersion}
      />
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
