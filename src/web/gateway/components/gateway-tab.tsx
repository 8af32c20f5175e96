import type { Environment } from '@contract/common';
import type { Tenant } from '@contract/tenants';
import { Info } from 'lucide-react';
import { useCanOnTenant } from '@/auth';
import { ContextFilter } from '@/components/context-filter';
import { environmentName } from '@contract/vocabulary';
import { isEnvironmentEnabled } from '@/lib/region-policies';
import { ArtifactDownloads } from '@/gateway/components/artifact-downloads';
import { LineageSection } from '@/gateway/components/lineage-section';
import { policyLineage } from '@/gateway/components/policy-lineage';
import { routeLineage } from '@/gateway/components/route-lineage';

type GatewayTabProps = {
  tenant: Tenant;
  /** From the address, shared with the Capabilities tab. */
  environment: Environment;
  onEnvironmentChange: (environment: Environment) => void;
};

/**
 * Gateway & Policies: the routes the API gateway exposes and the policies OPA enforces, per
 * environment (not per region), with the artifacts both systems load. Writing needs the same right as
 * configuration versions.
 */
export function GatewayTab({ tenant, environment, onEnvironmentChange }: GatewayTabProps) {
  const canWrite = useCanOnTenant(tenant.id, 'versions');
  return (
    <div className="min-w-0 space-y-8">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="space-y-3">
          <ContextFilter
            tenant={tenant}
            environment={environment}
            onEnvironmentChange={onEnvironmentChange}
            label="Gateway context"
          />
          <p
            className="flex max-w-2xl items-start gap-2 text-sm text-muted-foreground"
            data-testid="gateway-scope"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Routes and policies apply to the whole {environmentName(environment)} environment, in every
            region; the region filter of the Capabilities tab does not narrow them.
          </p>
          {!isEnvironmentEnabled(tenant, environment) && (
            <p role="status" className="text-sm font-medium text-amber-800 dark:text-amber-300">
              {environmentName(environment)} is not enabled for this tenant: routes and policies cannot be
              added or changed here until it is.
            </p>
          )}
        </div>
        <ArtifactDownloads tenantId={tenant.id} environment={environment} />
      </div>
      <LineageSection
        entry={routeLineage}
        tenantId={tenant.id}
        environment={environment}
        canWrite={canWrite}
      />
      <LineageSection
        entry={policyLineage}
        tenantId={tenant.id}
        environment={environment}
        canWrite={canWrite}
      />
    </div>
  );
}
