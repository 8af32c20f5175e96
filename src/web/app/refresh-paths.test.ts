import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ChangeKind } from '@contract/changes';
import { describe, expect, it } from 'vitest';
import { apiTokenKeys, invalidateApiTokens } from '@/api-tokens';
import { auditKeys } from '@/audit';
import { ME_QUERY_KEY } from '@/auth';
import {
  capabilitiesQueryOptions,
  capabilityCatalogueQueryOptions,
  capabilityKeys,
  capabilityOptionsQueryOptions,
  invalidateCapabilities,
  invalidateTemplates,
  templatesQueryOptions,
} from '@/capabilities';
import { changeRequestKeys, invalidateApprovalPolicy, invalidateChangeRequests } from '@/changes';
import { activeVersionsQueryOptions, invalidateVersions } from '@/control-plane';
import { deploymentKeys, invalidateDeployments } from '@/deployments';
import { gatewayKeys, invalidateLineages, subscribedCapabilitiesQueryOptions } from '@/gateway';
import { EVERYTHING } from '@/lib/resource-effects';
import { touchedBy } from '@/live';
import {
  invalidateMeshes,
  invalidateMicrofrontends,
  meshKeys,
  microfrontendKeys,
  microfrontendOptionsQueryOptions,
} from '@/microfrontends';
import { overviewKeys } from '@/overview';
import { invalidateTenants, tenantKeys } from '@/tenants';
import { invalidateUsers, userKeys } from '@/users';
import { invalidateWebApps, webAppKeys } from '@/web-apps';
import { makeLiveEvent } from '@/test/fake-event-source';
import { withResourceEffects } from '@/test/resource-effects';

/*
 * A write reaches the screens that show it by three paths: the feature's own invalidator after a direct
 * write, an approved change request, and the live event the server sends. With the event stream blocked
 * (a proxy), the first two alone must refresh the screen; with it open, the third alone must. All three
 * read one table (src/web/app/resource-effects.ts). Each path runs against a real QueryClient holding
 * the screen's cached read, by the screen's own key factory, and the read must end up invalidated by
 * TanStack's own matching; the reads a write does not touch must stay fresh.
 */

const TENANT = 'tenant-001';
const OTHER_TENANT = 'tenant-002';
const PAGE = { limit: 50, offset: 0 };

type Write = {
  /** The feature's invalidator, as its mutations call it on success. */
  direct: (queryClient: QueryClient) => Promise<void>;
  /** The change kinds that make the same write through a request. */
  kinds: readonly ChangeKind[];
  /** The audit events the server sends for it. */
  events: readonly { resourceType: string; action: string }[];
  /** Reads that show what it changed, by screen. */
  shows: Record<string, QueryKey>;
  /** Reads it must leave alone. */
  leaves: Record<string, QueryKey>;
};

const kindsOf = (family: string, verbs: readonly string[]) =>
  verbs.map((verb) => `${family}.${verb}`) as ChangeKind[];
const eventsOf = (resourceType: string, family: string, verbs: readonly string[]) =>
  verbs.map((verb) => ({ resourceType, action: `${family}.${verb}` }));
const LINEAGE_VERBS = ['create', 'edit', 'activate', 'disable', 'delete', 'promote'] as const;

const WRITES: Record<string, Write> = {
  'a configuration version (create, activate, promote)': {
    direct: (queryClient) => invalidateVersions(queryClient, TENANT),
    kinds: [
      ...kindsOf('configuration', ['create', 'activate', 'promote']),
      ...kindsOf('capability_subscription', ['create', 'delete']),
    ],
    events: eventsOf('configuration-version', 'configuration_version', ['create', 'activate', 'promote']),
    shows: {
      "the gateway dialogs' capability picker": subscribedCapabilitiesQueryOptions(TENANT, 'uat').queryKey,
      "the control plane's active versions": activeVersionsQueryOptions({
        tenantId: TENANT,
        environment: 'uat',
        region: 'us-east-1',
      }).queryKey,
    },
    leaves: {
      "another tenant's capability picker": subscribedCapabilitiesQueryOptions(OTHER_TENANT, 'uat').queryKey,
      "another tenant's active versions": activeVersionsQueryOptions({
        tenantId: OTHER_TENANT,
        environment: 'uat',
        region: 'us-east-1',
      }).queryKey,
    },
  },
  'a gateway route write': {
    direct: (queryClient) => invalidateLineages(queryClient, 'routes', TENANT),
    kinds: kindsOf('gateway_route', LINEAGE_VERBS),
    events: eventsOf('gateway-route', 'gateway_route', ['create', 'update', 'activate', 'delete']),
    shows: {
      "the tenant's routes": gatewayKeys.list('routes', TENANT, { environment: 'production' }),
      "a route's history": gatewayKeys.history('routes', TENANT, 'lineage-1'),
      "a route's promotion target": gatewayKeys.promotionTarget('routes', TENANT, 'lineage-1', 'production'),
    },
    leaves: {
      "the tenant's policies": gatewayKeys.list('policies', TENANT, {}),
      "another tenant's routes": gatewayKeys.list('routes', OTHER_TENANT, {}),
    },
  },
  'an OPA policy write': {
    direct: (queryClient) => invalidateLineages(queryClient, 'policies', TENANT),
    kinds: kindsOf('opa_policy', LINEAGE_VERBS),
    events: eventsOf('opa-policy', 'opa_policy', ['create', 'update', 'activate', 'delete']),
    shows: {
      "the tenant's policies": gatewayKeys.list('policies', TENANT, { environment: 'uat' }),
      "a policy's history": gatewayKeys.history('policies', TENANT, 'lineage-1'),
    },
    leaves: { "the tenant's routes": gatewayKeys.list('routes', TENANT, {}) },
  },
  "a tenant's edit, blue-green state or gateway settings": {
    direct: (queryClient) => invalidateTenants(queryClient),
    kinds: [
      ...kindsOf('tenant_blue_green', ['switch', 'rollback', 'slot_version']),
      'tenant_settings.gateway',
      'tenant.update',
    ],
    events: [{ resourceType: 'tenant', action: 'tenant.update' }],
    shows: {
      'the tenants list': tenantKeys.list({ q: 'acme', sort: 'name', limit: 25, offset: 0 }),
      "the tenant's page": tenantKeys.detail(TENANT),
      'the tenant pickers': tenantKeys.options({ ids: [TENANT] }),
      'every tenant (the control plane)': tenantKeys.everyTenant(),
      'the Overview': overviewKeys.all,
      'the web apps list (tenant names)': webAppKeys.list(PAGE),
      'the meshes list (tenant names)': meshKeys.list(PAGE),
      'tenant profiles': userKeys.profiles,
    },
    leaves: {
      'the capability catalogue': capabilityKeys.detail('api-001'),
      'the users list': userKeys.list(PAGE),
    },
  },
  "a capability's edit or blue-green state": {
    direct: (queryClient) => invalidateCapabilities(queryClient),
    kinds: [
      ...kindsOf('capability_blue_green', ['switch', 'rollback', 'slot_version']),
      ...kindsOf('capability', ['create', 'update']),
    ],
    events: [{ resourceType: 'capability', action: 'capability.update' }],
    shows: {
      'the catalogue table (/apis)': capabilitiesQueryOptions({ q: 'id', sort: 'name', ...PAGE }).queryKey,
      "the capability's page": capabilityKeys.detail('api-001'),
      "the control plane's grid": capabilityCatalogueQueryOptions().queryKey,
      'the capability pickers': capabilityOptionsQueryOptions({ q: 'pay' }).queryKey,
      'the Overview': overviewKeys.all,
      'Deployments, which lists capabilities by name': deploymentKeys.slots('capabilities', 'api-001', 'uat'),
    },
    leaves: { 'the tenants list': tenantKeys.detail(TENANT) },
  },
  'a deployment (deploy, switch, rollout action)': {
    direct: (queryClient) => invalidateDeployments(queryClient),
    kinds: [
      ...kindsOf('microfrontend_deployment', ['switch', 'deploy']),
      ...kindsOf('capability_deployment', ['switch', 'deploy']),
      'deployment_rollout.action',
      'health_check.set',
    ],
    events: [
      { resourceType: 'deployment', action: 'deployment.switch' },
      { resourceType: 'deployment', action: 'rollout.step' },
    ],
    shows: {
      "a microfrontend's slots": deploymentKeys.slots('microfrontends', 'mfe-001', 'production'),
      "a capability's slots": deploymentKeys.slots('capabilities', 'api-001', 'production'),
      "the slots' health": deploymentKeys.health('capabilities', 'api-001', 'uat'),
      'the rollouts': deploymentKeys.rollouts('microfrontends', 'mfe-001', 'production'),
    },
    leaves: { 'the microfrontend registry': microfrontendKeys.all },
  },
  'a web app edit': {
    direct: (queryClient) => invalidateWebApps(queryClient),
    kinds: ['web_app.update', 'web_app.create', 'web_app.delete'],
    events: [{ resourceType: 'web_app', action: 'web_app.update' }],
    shows: {
      'the web apps list': webAppKeys.list(PAGE),
      'the meshes list': meshKeys.list(PAGE),
      "a web app's meshes": meshKeys.detail('mesh-1'),
      'the Overview': overviewKeys.all,
    },
    leaves: { 'the tenants list': tenantKeys.lists() },
  },
  'a microfrontend or version write': {
    direct: (queryClient) => invalidateMicrofrontends(queryClient),
    kinds: [
      ...kindsOf('microfrontend', ['create', 'update']),
      ...kindsOf('microfrontend_version', ['create', 'status']),
    ],
    events: [{ resourceType: 'microfrontend', action: 'microfrontend_version.deprecate' }],
    shows: {
      'the registry': microfrontendKeys.all,
      'the mesh pickers': microfrontendOptionsQueryOptions({ q: 'nav' }).queryKey,
      "a microfrontend's versions": microfrontendKeys.versions('mfe-001'),
      "a mesh's manifest": meshKeys.detail('mesh-1'),
      "Deployments' slots": deploymentKeys.slots('microfrontends', 'mfe-001', 'production'),
    },
    leaves: { 'the capability catalogue': capabilityKeys.all },
  },
  'a mesh write': {
    direct: (queryClient) => invalidateMeshes(queryClient),
    kinds: kindsOf('mesh', ['create', 'update', 'delete']),
    events: [{ resourceType: 'mesh', action: 'mesh.create' }],
    shows: {
      'the meshes list': meshKeys.list(PAGE),
      "a mesh's page": meshKeys.detail('mesh-1'),
      'the web apps list': webAppKeys.list(PAGE),
    },
    leaves: { 'the microfrontend registry': microfrontendKeys.all },
  },
  'a user or tenant profile write': {
    direct: (queryClient) => invalidateUsers(queryClient),
    kinds: [],
    events: [
      { resourceType: 'user', action: 'user.update' },
      { resourceType: 'user_profile', action: 'user_profile.update' },
    ],
    shows: {
      'the users list': userKeys.list(PAGE),
      'tenant profiles': userKeys.profiles,
      "the signed-in user's roles": ME_QUERY_KEY,
    },
    leaves: { 'the tenants list': tenantKeys.lists() },
  },
  'an API token write': {
    direct: (queryClient) => invalidateApiTokens(queryClient),
    kinds: [],
    events: [{ resourceType: 'api_token', action: 'api_token.create' }],
    shows: { 'your tokens': apiTokenKeys.list(null), "a user's tokens": apiTokenKeys.list('user-1') },
    leaves: { 'the users list': userKeys.list(PAGE) },
  },
  'a notification template write': {
    direct: (queryClient) => invalidateTemplates(queryClient),
    kinds: kindsOf('notification_template', ['create', 'update']),
    events: [{ resourceType: 'notification-template', action: 'notification_template.update' }],
    shows: { "a capability's templates": templatesQueryOptions('api-007').queryKey },
    leaves: { 'the tenants list': tenantKeys.lists() },
  },
  'an approval policy change': {
    direct: (queryClient) => invalidateApprovalPolicy(queryClient, TENANT),
    kinds: ['approval_policy.set'],
    events: [
      { resourceType: 'platform', action: 'approval_policy.update' },
      { resourceType: 'tenant', action: 'approval_policy.update' },
    ],
    shows: {
      "the platform's policy": changeRequestKeys.policy(null),
      "a tenant's policy": changeRequestKeys.policy(TENANT),
      'the Changes list': changeRequestKeys.list({ limit: 25, offset: 0 }),
    },
    leaves: { 'the capability catalogue': capabilityKeys.all },
  },
};

/** A path's ways of making the write: each alone must refresh the screen (one change kind, one event). */
type Path = (write: Write) => ((queryClient: QueryClient) => Promise<unknown>)[];

const PATHS: Record<string, Path> = {
  'the direct write': (write) => [write.direct],
  'an approved change request': (write) =>
    write.kinds.map(
      (kind) => (queryClient) =>
        invalidateChangeRequests(queryClient, { kind, tenantId: TENANT, status: 'applied' }),
    ),
  'a live event': (write) =>
    write.events.map(({ resourceType, action }) => async (queryClient) => {
      const event = makeLiveEvent({ resourceType, action, resourceId: 'x', tenantId: TENANT });
      const { resourceEffects } = await import('@/app/resource-effects');
      const touched = touchedBy(resourceEffects, event);
      // Refreshing everything would pass trivially and hide a missing entry: each write names its reads.
      if (touched === EVERYTHING) throw new Error(`${action} refreshes everything`);
      return Promise.all(touched.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    }),
};

/** Whether each of a path's ways of making the write invalidates the cached read `key`. */
async function refreshedBy(path: Path, write: Write, key: QueryKey): Promise<boolean[]> {
  return Promise.all(
    path(write).map(async (step) => {
      const queryClient = withResourceEffects(new QueryClient());
      queryClient.setQueryData(key, []);
      await step(queryClient);
      return queryClient.getQueryState(key)?.isInvalidated ?? false;
    }),
  );
}

/** Every (write, read, path) triple where the path has a way to make the write. */
const cases = (reads: (write: Write) => Record<string, QueryKey>) =>
  Object.entries(WRITES).flatMap(([name, write]) =>
    Object.entries({ ...reads(write), 'the audit log': auditKeys.list(PAGE) }).flatMap(([screen, key]) =>
      Object.entries(PATHS)
        .filter(([, path]) => path(write).length > 0)
        .map(([pathName, path]) => [name, screen, pathName, { write, key, path }] as const),
    ),
  );

describe('what a write refreshes, by every path', () => {
  it.each(cases((write) => write.shows))('%s refreshes %s through %s', async (...[, , , c]) => {
    const results = await refreshedBy(c.path, c.write, c.key);
    expect(results.every(Boolean), JSON.stringify(c.key)).toBe(true);
  });

  const leaves = cases((write) => write.leaves).filter(([, screen]) => screen !== 'the audit log');
  it.each(leaves)('%s leaves %s alone through %s', async (...[, , , c]) => {
    const results = await refreshedBy(c.path, c.write, c.key);
    expect(results.some(Boolean), JSON.stringify(c.key)).toBe(false);
  });

  it('a tenant delete refreshes everything by every path: its children go with it', async () => {
    const routes = gatewayKeys.list('routes', TENANT, {});
    const direct = withResourceEffects(new QueryClient());
    direct.setQueryData(routes, []);
    await invalidateTenants(direct, 'tenant.delete');
    expect(direct.getQueryState(routes)?.isInvalidated).toBe(true);
  });
});
