import type { Tenant } from '@contract/tenants';
import { useCanOnTenant } from '@/auth';
import { ChangeRequestFormScope, needsApproval, useApprovalPolicy } from '@/changes';
import { BlueGreenSectionsCard, blueGreenEnvironments, type BlueGreenTarget } from '@/blue-green';
import { TENANTS_PATH, tenantQueryOptions } from '@/tenants';
import { isEnvironmentEnabled } from '@/lib/region-policies';

/** Blue-green per environment: production and UAT, each only when enabled for the tenant. */
export function BlueGreenCard({ tenant }: { tenant: Tenant }) {
  const canManage = useCanOnTenant(tenant.id, 'blueGreen');
  const sections = blueGreenEnvironments.filter(({ environment }) =>
    isEnvironmentEnabled(tenant, environment),
  );
  // Read with the card, so the dialogs and slot inputs know whether they apply or request.
  const { data: policy } = useApprovalPolicy(tenant.id);
  const target: BlueGreenTarget = {
    basePath: `${TENANTS_PATH}/${encodeURIComponent(tenant.id)}`,
    queryKey: tenantQueryOptions(tenant.id).queryKey,
    // The tenant's approval policy: its production switches, rollbacks and live slot versions become
    // change requests.
    approval: {
      Scope: ChangeRequestFormScope,
      tenantId: tenant.id,
      needsApproval: (environment) => needsApproval(policy, environment),
      switchChange: (body) => ({ kind: 'tenant_blue_green.switch', tenantId: tenant.id, body }),
      rollbackChange: (body) => ({ kind: 'tenant_blue_green.rollback', tenantId: tenant.id, body }),
      slotVersionChange: (body) => ({ kind: 'tenant_blue_green.slot_version', tenantId: tenant.id, body }),
    },
  };

  return (
    <BlueGreenSectionsCard
      target={target}
      config={tenant.blueGreenConfig}
      sections={sections}
      canManage={canManage}
      description="Two slots per environment: deploy to the idle one, then switch traffic to it."
    >
      {sections.length === 0 && (
        <p className="text-sm text-muted-foreground">
          Neither production nor UAT is enabled for this tenant.
        </p>
      )}
    </BlueGreenSectionsCard>
  );
}
