import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { changeKinds, type ChangeKind } from '@contract/changes';
import { describe, expect, it } from 'vitest';
import { changeKindResourceTypes } from '@contract/resource-types';
import { resourceEffects } from '@/app/resource-effects';
import { EVERYTHING } from '@/lib/resource-effects';
import { auditKeys } from '@/audit';
import { capabilityKeys } from '@/capabilities';
import { deploymentKeys } from '@/deployments';
import { overviewKeys } from '@/overview';
import { activeVersionsQueryOptions } from '@/control-plane';
import { gatewayKeys } from '@/gateway';
import { meshKeys, microfrontendKeys } from '@/microfrontends';
import { tenantKeys } from '@/tenants';
import { webAppKeys } from '@/web-apps';

const TENANT = 'tenant-001';

/** The reads a screen holds that each family of kinds must refresh once applied, by the screens' own keys. */
const SHOWN: Record<string, QueryKey[]> = {
  configuration: [
    activeVersionsQueryOptions({ tenantId: TENANT, environment: 'production', region: 'us-east-1' }).queryKey,
  ],
  tenant_blue_green: [tenantKeys.detail(TENANT)],
  capability_blue_green: [capabilityKeys.detail('api-001'), capabilityKeys.catalogue()],
  microfrontend_deployment: [deploymentKeys.slots('microfrontends', 'mfe-001', 'production')],
  capability_deployment: [deploymentKeys.slots('capabilities', 'api-001', 'production')],
  // A rollout action moves traffic between the slots, which the deployments screen shows.
  deployment_rollout: [
    deploymentKeys.slots('microfrontends', 'mfe-001', 'production'),
    deploymentKeys.slots('capabilities', 'api-001', 'production'),
  ],
  gateway_route: [gatewayKeys.list('routes', TENANT, { environment: 'production' })],
  opa_policy: [gatewayKeys.history('policies', TENANT, 'lineage-1')],
  tenant_settings: [tenantKeys.detail(TENANT)],
  tenant: [tenantKeys.detail(TENANT), tenantKeys.lists()],
  mesh: [meshKeys.list({ limit: 50, offset: 0 }), meshKeys.detail('mesh-1')],
  health_check: [deploymentKeys.health('capabilities', 'api-001', 'uat')],
  capability: [capabilityKeys.detail('api-001'), capabilityKeys.catalogue()],
  // Templates are read under their capability.
  notification_template: [capabilityKeys.all],
  microfrontend: [microfrontendKeys.all, meshKeys.detail('mesh-1')],
  microfrontend_version: [microfrontendKeys.versions('mfe-001'), meshKeys.detail('mesh-1')],
  capability_subscription: [
    activeVersionsQueryOptions({ tenantId: TENANT, environment: 'production', region: 'us-east-1' }).queryKey,
  ],
  web_app: [webAppKeys.list({ limit: 50, offset: 0 }), overviewKeys.all],
  approval_policy: [],
};

/** Whether an applied request of `kind` refreshes `key`: what a write of the type the kind writes touches. */
const refreshes = (kind: ChangeKind, key: QueryKey) => {
  const touched = resourceEffects[changeKindResourceTypes[kind]]({ action: kind, tenantId: TENANT });
  return touched === EVERYTHING || touched.some((root) => partialMatchKey(key, root));
};

describe('what an applied change request refreshes', () => {
  it.each(changeKinds)('%s refreshes the reads that show what it changed, and the audit log', (kind) => {
    const family = kind.slice(0, kind.indexOf('.'));
    const shown = SHOWN[family];
    expect(shown, `no screen reads listed for ${family}`).toBeDefined();
    for (const key of shown ?? []) expect(refreshes(kind, key), JSON.stringify(key)).toBe(true);
    expect(refreshes(kind, auditKeys.list({ limit: 50, offset: 0 }))).toBe(true);
  });

  it("leaves other tenants' and the other lineage kind's reads alone", () => {
    const otherTenant = gatewayKeys.list('routes', 'tenant-002', {});
    expect(refreshes('gateway_route.edit', otherTenant)).toBe(false);
    expect(refreshes('gateway_route.edit', gatewayKeys.list('policies', TENANT, {}))).toBe(false);
    const otherVersions = activeVersionsQueryOptions({
      tenantId: 'tenant-002',
      environment: 'production',
      region: 'us-east-1',
    }).queryKey;
    expect(refreshes('configuration.activate', otherVersions)).toBe(false);
  });
});
