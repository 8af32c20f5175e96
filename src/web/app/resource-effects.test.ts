import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { AUDIT_RESOURCE_TYPES, type AuditResourceType } from '@contract/audit';
import { describe, expect, it } from 'vitest';
import { resourceEffects } from '@/app/resource-effects';
import { apiTokenKeys } from '@/api-tokens';
import { auditKeys, auditRetentionKeys } from '@/audit';
import { ME_QUERY_KEY } from '@/auth';
import { capabilityKeys } from '@/capabilities';
import { changeRequestKeys } from '@/changes';
import { activeVersionsQueryOptions } from '@/control-plane';
import { deploymentKeys } from '@/deployments';
import { gatewayKeys } from '@/gateway';
import { touchedBy } from '@/live';
import { EVERYTHING } from '@/lib/resource-effects';
import { meshKeys, microfrontendKeys } from '@/microfrontends';
import { overviewKeys } from '@/overview';
import { SETTINGS_PATH, SSO_SETTINGS_PATH } from '@/settings';
import { tenantKeys } from '@/tenants';
import { userKeys } from '@/users';
import { webhookKeys } from '@/webhooks';
import { makeLiveEvent } from '@/test/fake-event-source';

const TENANT = 'tenant-001';

/** A read each resource type's events must refresh, by the screens' own key factories. */
const SHOWN: Record<AuditResourceType, QueryKey> = {
  api_token: apiTokenKeys.list(null),
  audit: auditRetentionKeys.exports({ limit: 20, offset: 0 }),
  capability: capabilityKeys.detail('api-001'),
  'change-request': changeRequestKeys.summary(),
  'configuration-version': activeVersionsQueryOptions({
    tenantId: TENANT,
    environment: 'production',
    region: 'us-east-1',
  }).queryKey,
  deployment: deploymentKeys.slots('microfrontends', 'mfe-001', 'production'),
  'gateway-route': gatewayKeys.list('routes', TENANT, { environment: 'production' }),
  'git-link': ['git-links', 'tenant', TENANT],
  mesh: meshKeys.detail('mesh-1'),
  microfrontend: microfrontendKeys.versions('mfe-001'),
  'notification-template': capabilityKeys.templates('api-007'),
  'opa-policy': gatewayKeys.history('policies', TENANT, 'lineage-1'),
  platform: changeRequestKeys.policy(null),
  session: userKeys.list({ limit: 50, offset: 0 }),
  settings: [SETTINGS_PATH],
  'sso-settings': [SSO_SETTINGS_PATH],
  system: tenantKeys.detail(TENANT),
  tenant: tenantKeys.detail(TENANT),
  user: ME_QUERY_KEY,
  user_profile: userKeys.profiles,
  web_app: overviewKeys.all,
  webhook: webhookKeys.deliveries('webhook-1'),
};

const event = (resourceType: string, action = `${resourceType}.update`) =>
  makeLiveEvent({ resourceType, action, resourceId: 'x', tenantId: TENANT });

const refreshes = (resourceType: string, key: QueryKey, action?: string) => {
  const touched = touchedBy(resourceEffects, event(resourceType, action));
  return touched === EVERYTHING || touched.some((root) => partialMatchKey(key, root));
};

describe('resourceEffects', () => {
  it('has an entry for every resource type the server audits', () => {
    expect(Object.keys(resourceEffects).sort()).toEqual([...AUDIT_RESOURCE_TYPES].sort());
  });

  it.each(AUDIT_RESOURCE_TYPES)('a %s event refreshes what shows it, and the audit log', (type) => {
    expect(refreshes(type, SHOWN[type]), JSON.stringify(SHOWN[type])).toBe(true);
    expect(refreshes(type, auditKeys.list({ limit: 50, offset: 0 }))).toBe(true);
  });

  it("a deployment event (a probe's verdict, a rollout step) refreshes the probes and rollouts too", () => {
    const { health, rollouts } = deploymentKeys;
    expect(refreshes('deployment', health('capabilities', 'api-001', 'uat'))).toBe(true);
    expect(refreshes('deployment', rollouts('microfrontends', 'mfe-001', 'production'))).toBe(true);
  });

  it('keeps to what an event touched: a tenant edit leaves capabilities and requests alone', () => {
    expect(refreshes('tenant', capabilityKeys.detail('api-001'))).toBe(false);
    expect(refreshes('tenant', changeRequestKeys.summary())).toBe(false);
    expect(refreshes('gateway-route', gatewayKeys.list('routes', 'tenant-002', {}))).toBe(false);
  });

  it("reads the action where the type alone does not say: a tenant's approval policy, a tenant delete", () => {
    expect(refreshes('tenant', changeRequestKeys.policy(TENANT), 'approval_policy.update')).toBe(true);
    expect(touchedBy(resourceEffects, event('tenant', 'tenant.delete'))).toBe(EVERYTHING);
    expect(touchedBy(resourceEffects, event('system', 'admin.delete_all_resources'))).toBe(EVERYTHING);
  });

  it('refreshes everything for a resource type this client does not know', () => {
    expect(touchedBy(resourceEffects, event('rollout'))).toBe(EVERYTHING);
  });
});
