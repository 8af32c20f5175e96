import type { Tenant } from '@contract/tenants';
import { BlueGreenCard } from '@/control-plane/components/blue-green-card';
import { RegionConfigurationCard } from '@/control-plane/components/region-configuration-card';
import { TenantMetadataCard } from '@/control-plane/components/tenant-metadata-card';

/**
 * Tenant Metadata, Region Configuration and Blue-Green Deployment (docs/product.md, Tenant control
 * plane).
 */
export function ConfigurationTab({ tenant }: { tenant: Tenant }) {
  return (
    <div className="space-y-6">
      {/* Keyed by the saved values: a save (or a reload) restarts the form from what the server kept. */}
      <TenantMetadataCard key={metadataKey(tenant)} tenant={tenant} />
      <RegionConfigurationCard
        key={`${JSON.stringify(tenant.allowedRegions)}|${tenant.environmentRegionPolicies ?? ''}`}
        tenant={tenant}
      />
      <BlueGreenCard tenant={tenant} />
    </div>
  );
}

const metadataKey = (tenant: Tenant) =>
  JSON.stringify([
    tenant.dataClassification,
    tenant.dataRetentionRequirements,
    tenant.dataResidency,
    tenant.disasterRecoveryRequirements,
    tenant.privacyLaws,
  ]);
