import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { LIVE_EVENTS_PATH } from '../../contract/events';
import { auditEvents, userIdentities } from '../db/schema';
import { latestSeq } from '../events/audit-feed-rows';
import { resourceTypes } from '../../contract/resource-types';
import { editedExport, gitStepsForSuite } from '../test/audit-coverage-git';
import { SseClient } from '../test/sse-client';
import { describeApi, type ApiContext } from '../test/api-harness';
import { loopbackSettings } from '../git-sync/test-kit';
import { insertChangeRequestFixtures, insertFixturesWithoutApprovals } from '../test/fixtures';
import { FIXTURE_ROLLOUT_ID, insertRolloutFixture } from '../test/rollouts';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';

type Saved = Record<string, { id: string; lineageId?: string }>;
interface Step {
  /** The concrete request; a function reads ids saved by earlier steps. */
  url: string | ((saved: Saved) => string);
  /** Its body; a function makes it when the step runs (a Git repository, a live export). */
  body?: object | ((ctx: ApiContext) => Promise<object>);
  /** Reads ids the request needs that no earlier reply carried (a drift finding's). */
  before?: (ctx: ApiContext, saved: Saved) => Promise<void>;
  /** Keeps the reply under this name for later steps. */
  save?: string;
  /**
   * Changes only the caller's own draft release (docs/releases.md): scratch state no one else sees,
   * like a form being filled, so no audit event; filing it is the audited write.
   */
  ownDraft?: true;
}

const HASH = 'sha256-abc=';

/** Git links and drift, against a real Git server started for this file. */
const GIT_STEPS = gitStepsForSuite();

/**
 * One valid request per mutation route, in an order where each finds what it needs. A mutation route
 * missing here fails the test: every change the API accepts must leave an audit event, and that event
 * must reach an open live stream (docs/live-updates.md).
 */
const STEPS: Record<string, Step> = {
  // Alice's, not Bob's: whoever set the password of the requester (Bob) may not approve his requests.
  'POST /api/users/:id/password': {
    url: '/api/users/user-1/password',
    body: { password: 'a-long-password-1' },
  },
  'POST /api/auth/login': {
    url: '/api/auth/login',
    body: { email: 'alice@acme.io', password: 'a-long-password-1' },
  },
  'POST /api/auth/logout': { url: '/api/auth/logout' },
  'POST /api/tenants': { url: '/api/tenants', body: { name: 'Audited', owner: 'o@example.com' } },
  'PATCH /api/tenants/:tenantId': { url: '/api/tenants/tenant-003', body: { description: 'Audited change' } },
  'POST /api/tenants/:tenantId/toggle-environment-blue-green': {
    url: '/api/tenants/tenant-002/toggle-environment-blue-green',
    body: { environment: 'production', enabled: true },
  },
  'POST /api/tenants/:tenantId/update-environment-slot-version': {
    url: '/api/tenants/tenant-002/update-environment-slot-version',
    body: { environment: 'production', slot: 'blue', version: '1.0.0' },
  },
  'POST /api/tenants/:tenantId/switch': {
    url: '/api/tenants/tenant-002/switch',
    body: { environment: 'production', toVersion: '1.1.0' },
  },
  'POST /api/tenants/:tenantId/rollback': {
    url: '/api/tenants/tenant-002/rollback',
    body: { environment: 'production' },
  },
  'POST /api/capabilities': {
    url: '/api/capabilities',
    body: { name: 'Audited capability' },
    save: 'capability',
  },
  'PATCH /api/capabilities/:capabilityId': { url: '/api/capabilities/api-002', body: { version: '2.0.0' } },
  'DELETE /api/capabilities/:capabilityId': { url: (s) => `/api/capabilities/${s.capability?.id}` },
  'POST /api/capabilities/:id/toggle-environment-blue-green': {
    url: '/api/capabilities/api-003/toggle-environment-blue-green',
    body: { environment: 'uat', enabled: true },
  },
  'POST /api/capabilities/:id/update-environment-slot-version': {
    url: '/api/capabilities/api-003/update-environment-slot-version',
    body: { environment: 'uat', slot: 'blue', version: '1.0.0' },
  },
  'POST /api/capabilities/:id/switch': {
    url: '/api/capabilities/api-003/switch',
    body: { environment: 'uat', toVersion: '1.1.0' },
  },
  'POST /api/capabilities/:id/rollback': {
    url: '/api/capabilities/api-003/rollback',
    body: { environment: 'uat' },
  },
  'POST /api/notification-templates': {
    url: '/api/notification-templates',
    body: { capabilityId: 'api-007', name: 'Audited', language: 'en', deliveryChannel: 'sms', content: 'Hi' },
  },
  'PATCH /api/notification-templates/:id': {
    url: '/api/notification-templates/tpl-1',
    body: { status: 'inactive' },
  },
  'DELETE /api/notification-templates/:id': { url: '/api/notification-templates/tpl-2' },
  'POST /api/notification-templates/:id/restore': { url: '/api/notification-templates/tpl-2/restore' },
  'POST /api/capability-subscriptions/versions': {
    url: '/api/capability-subscriptions/versions',
    body: {
      subscriptionId: 'sub-tenant-001-api-001',
      tenantId: 'tenant-001',
      capabilityId: 'api-001',
      environment: 'development',
      region: 'us-east-1',
      configuration: '{}',
    },
    save: 'devVersion',
  },
  'POST /api/capability-subscriptions/versions/:versionId/activate': {
    url: '/api/capability-subscriptions/versions/ver-1/activate',
  },
  'POST /api/capability-subscriptions/versions/:versionId/promote': {
    url: (s) => `/api/capability-subscriptions/versions/${s.devVersion?.id}/promote`,
    body: { targetEnvironment: 'uat', targetRegions: ['us-east-1'] },
  },
  'POST /api/tenants/:tenantId/gateway-routes': {
    url: '/api/tenants/tenant-001/gateway-routes',
    // In development (subscribed by the configuration version above), so that it can be promoted.
    body: {
      capabilityId: 'api-001',
      environment: 'development',
      path: '/audited',
      methods: ['GET'],
      targetService: 'audited:8080',
    },
    save: 'route',
  },
  'POST /api/tenants/:tenantId/gateway-routes/:lineageId/versions': {
    url: (s) => `/api/tenants/tenant-001/gateway-routes/${s.route?.lineageId}/versions`,
    body: { path: '/audited/v2', methods: ['GET'], targetService: 'audited:8080' },
  },
  'POST /api/tenants/:tenantId/gateway-routes/versions/:versionId/activate': {
    url: (s) => `/api/tenants/tenant-001/gateway-routes/versions/${s.route?.id}/activate`,
  },
  'POST /api/tenants/:tenantId/gateway-routes/:lineageId/promote': {
    url: (s) => `/api/tenants/tenant-001/gateway-routes/${s.route?.lineageId}/promote`,
    body: { targetEnvironment: 'uat' },
  },
  'POST /api/tenants/:tenantId/gateway-routes/:lineageId/disable': {
    url: (s) => `/api/tenants/tenant-001/gateway-routes/${s.route?.lineageId}/disable`,
  },
  'DELETE /api/tenants/:tenantId/gateway-routes/:lineageId': {
    url: (s) => `/api/tenants/tenant-001/gateway-routes/${s.route?.lineageId}`,
  },
  'POST /api/tenants/:tenantId/opa-policies': {
    url: '/api/tenants/tenant-001/opa-policies',
    body: {
      capabilityId: 'api-001',
      environment: 'development',
      name: 'Audited',
      policyType: 'authz',
      policyContent: 'package audited\n',
    },
    save: 'policy',
  },
  'POST /api/tenants/:tenantId/opa-policies/:lineageId/versions': {
    url: (s) => `/api/tenants/tenant-001/opa-policies/${s.policy?.lineageId}/versions`,
    body: {
      name: 'Audited',
      policyType: 'authz',
      policyContent: 'package audited\n\ndefault allow := false\n',
    },
  },
  'POST /api/tenants/:tenantId/opa-policies/versions/:versionId/activate': {
    url: (s) => `/api/tenants/tenant-001/opa-policies/versions/${s.policy?.id}/activate`,
  },
  'POST /api/tenants/:tenantId/opa-policies/:lineageId/promote': {
    url: (s) => `/api/tenants/tenant-001/opa-policies/${s.policy?.lineageId}/promote`,
    body: { targetEnvironment: 'uat' },
  },
  'POST /api/tenants/:tenantId/opa-policies/:lineageId/disable': {
    url: (s) => `/api/tenants/tenant-001/opa-policies/${s.policy?.lineageId}/disable`,
  },
  'DELETE /api/tenants/:tenantId/opa-policies/:lineageId': {
    url: (s) => `/api/tenants/tenant-001/opa-policies/${s.policy?.lineageId}`,
  },
  'POST /api/microfrontends': {
    url: '/api/microfrontends',
    body: { slug: 'audited', name: 'Audited' },
    save: 'microfrontend',
  },
  'PATCH /api/microfrontends/:id': { url: '/api/microfrontends/mfe-2', body: { name: 'Reports (audited)' } },
  'DELETE /api/microfrontends/:id': { url: (s) => `/api/microfrontends/${s.microfrontend?.id}` },
  'POST /api/microfrontend-versions': {
    url: '/api/microfrontend-versions',
    body: {
      microfrontendId: 'mfe-2',
      version: '9.0.0',
      entryUrl: 'https://cdn.example.com/r/9.0.0.js',
      exposedModules: '["./App"]',
      integrityHash: HASH,
    },
    save: 'version',
  },
  'PATCH /api/microfrontend-versions/:versionId': {
    url: (s) => `/api/microfrontend-versions/${s.version?.id}`,
    body: { buildMetadata: '{"commit":"abc"}' },
  },
  'POST /api/microfrontend-versions/:versionId/publish': {
    url: (s) => `/api/microfrontend-versions/${s.version?.id}/publish`,
  },
  'POST /api/microfrontend-versions/:versionId/deprecate': {
    url: '/api/microfrontend-versions/mfv-3/deprecate',
  },
  'POST /api/web-app-meshes': {
    url: '/api/web-app-meshes',
    body: {
      name: 'Audited mesh',
      tenantId: 'tenant-001',
      menuItems: JSON.stringify([{ label: 'Home', microfrontendVersionId: 'mfv-1', config: {}, order: 0 }]),
    },
  },
  'DELETE /api/web-app-meshes/:id': { url: '/api/web-app-meshes/mesh-1' },
  // The idle slots have never been health checked: a global administrator forces the switch.
  'POST /api/deployments/switch': {
    url: '/api/deployments/switch',
    body: { microfrontendId: 'mfe-1', environment: 'production', force: true, forceReason: 'Audited' },
  },
  'POST /api/capability-deployments/switch': {
    url: '/api/capability-deployments/switch',
    body: {
      capabilityId: 'api-001',
      environment: 'uat',
      progressive: {},
      force: true,
      forceReason: 'Audited',
    },
  },
  'POST /api/rollouts/action': {
    url: '/api/rollouts/action',
    body: { rolloutId: FIXTURE_ROLLOUT_ID, action: 'abort', reason: 'Audited' },
  },
  'PUT /api/deployment-health-checks': {
    url: '/api/deployment-health-checks',
    body: {
      resourceType: 'microfrontend',
      resourceId: 'mfe-1',
      environment: 'production',
      slot: 'blue',
      healthCheckUrl: 'https://health.example.com/mfe-1',
    },
  },
  'POST /api/deployments/deploy': {
    url: '/api/deployments/deploy',
    body: { microfrontendId: 'mfe-1', environment: 'development', versionId: 'mfv-1' },
  },
  'POST /api/capability-deployments/deploy': {
    url: '/api/capability-deployments/deploy',
    body: { capabilityId: 'api-001', environment: 'development', version: '1.0.0' },
  },
  'POST /api/web-apps': {
    url: '/api/web-apps',
    body: { name: 'Audited app', technology: 'web-component', tenantId: 'tenant-001' },
  },
  'PATCH /api/web-apps/:id': { url: '/api/web-apps/app-1', body: { status: 'stopped' } },
  'DELETE /api/web-apps/:id': { url: '/api/web-apps/app-2' },
  'POST /api/users': {
    url: '/api/users',
    body: { name: 'Audited User', email: 'audited@example.com' },
    save: 'user',
  },
  'PATCH /api/users/:id': { url: '/api/users/user-2', body: { name: 'Bob (audited)' } },
  'POST /api/user-profiles': {
    url: '/api/user-profiles',
    body: { userId: 'user-1', tenantId: 'tenant-003', role: 'member' },
  },
  'PATCH /api/user-profiles/:id': { url: '/api/user-profiles/profile-3', body: { role: 'admin' } },
  'DELETE /api/user-profiles/:id': { url: '/api/user-profiles/profile-2' },
  'POST /api/user-profiles/:id/restore': { url: '/api/user-profiles/profile-2/restore' },
  'POST /api/tokens': { url: '/api/tokens', body: { name: 'audited token' }, save: 'token' },
  'DELETE /api/tokens/:tokenId': { url: (s) => `/api/tokens/${s.token?.id}` },
  'POST /api/service-accounts': {
    url: '/api/service-accounts',
    body: { name: 'Audited Bot' },
    save: 'serviceAccount',
  },
  'POST /api/users/:id/tokens': {
    url: (s) => `/api/users/${s.serviceAccount?.id}/tokens`,
    body: { name: 'audited bot token' },
    save: 'serviceToken',
  },
  'DELETE /api/users/:id/tokens/:tokenId': {
    url: (s) => `/api/users/${s.serviceAccount?.id}/tokens/${s.serviceToken?.id}`,
  },
  'DELETE /api/users/:id/identities/:identityId': {
    url: (s) => `/api/users/${s.user?.id}/identities/${s.identity?.id}`,
    // No step signs in through a provider, so the link is made here, on the account made above.
    before: async ({ db }, saved) => {
      const [row] = await db
        .insert(userIdentities)
        .values({ userId: saved.user?.id ?? '', issuer: 'https://idp.example', subject: 'audited-1' })
        .returning({ id: userIdentities.id });
      if (row) saved.identity = row;
    },
  },
  'DELETE /api/users/:id': { url: (s) => `/api/users/${s.user?.id}` },
  'PUT /api/settings': {
    url: '/api/settings',
    body: {
      accountEmail: 'ops@example.com',
      organization: 'Acme',
      emailNotifications: true,
      autoScaling: false,
      maintenanceMode: false,
    },
  },
  'PUT /api/me/notification-preferences': {
    url: '/api/me/notification-preferences',
    body: { awaitingReview: false, myRequests: true, rolloutRolledBack: true },
  },
  'PUT /api/settings/sso': {
    url: '/api/settings/sso',
    body: {
      claim: 'groups',
      jitProvisioning: false,
      rules: [{ group: 'ops', tenantId: 'tenant-001', role: 'member' }],
    },
  },
  'POST /api/change-requests': {
    url: '/api/change-requests',
    // Approvals are waived here, so a scheduled request waits for its time: the steps below act on it.
    body: {
      change: {
        kind: 'configuration.create',
        body: {
          subscriptionId: 'sub-tenant-001-api-001',
          tenantId: 'tenant-001',
          capabilityId: 'api-001',
          environment: 'development',
          region: 'us-east-1',
          configuration: '{}',
        },
      },
      schedule: { localTime: '2099-01-01T09:00', timeZone: 'UTC' },
    },
    save: 'changeRequest',
  },
  'POST /api/change-requests/:id/comments': {
    url: (s) => `/api/change-requests/${s.changeRequest?.id}/comments`,
    body: { body: 'Audited comment' },
  },
  'POST /api/change-requests/:id/schedule': {
    url: (s) => `/api/change-requests/${s.changeRequest?.id}/schedule`,
    body: { schedule: { localTime: '2099-01-01T10:00', timeZone: 'Europe/Berlin' } },
  },
  'POST /api/change-requests/:id/refresh': {
    url: (s) => `/api/change-requests/${s.changeRequest?.id}/refresh`,
  },
  'POST /api/change-requests/:id/cancel': {
    url: (s) => `/api/change-requests/${s.changeRequest?.id}/cancel`,
  },
  'POST /api/change-requests/:id/approve': { url: '/api/change-requests/cr-approve/approve', body: {} },
  'POST /api/change-requests/:id/reject': {
    url: '/api/change-requests/cr-reject/reject',
    body: { comment: 'Audited rejection' },
  },
  'DELETE /api/release-draft': { url: '/api/release-draft', ownDraft: true },
  'PUT /api/release-draft': {
    url: '/api/release-draft',
    body: { title: 'Audited release', order: [] },
    ownDraft: true,
  },
  'POST /api/release-draft/changes': {
    url: '/api/release-draft/changes',
    body: {
      change: {
        kind: 'configuration.create',
        body: {
          subscriptionId: 'sub-tenant-001-api-001',
          tenantId: 'tenant-001',
          capabilityId: 'api-001',
          environment: 'development',
          region: 'us-east-1',
          configuration: '{"release":1}',
        },
      },
    },
    ownDraft: true,
  },
  // Development needs no approval here: the release applies as it is filed.
  'POST /api/release-draft/file': { url: '/api/release-draft/file', body: {}, save: 'release' },
  'POST /api/change-requests/:id/promote': {
    url: (s) => `/api/change-requests/${s.release?.id}/promote`,
    body: { targetEnvironment: 'uat' },
  },
  'POST /api/change-requests/:id/revert': {
    url: (s) => `/api/change-requests/${s.release?.id}/revert`,
    body: {},
  },
  'PUT /api/tenants/:tenantId/approval-policy': {
    url: '/api/tenants/tenant-003/approval-policy',
    body: { requiredApprovals: { development: 0, uat: 1, production: 2 } },
  },
  'PUT /api/approval-policy': {
    url: '/api/approval-policy',
    body: { requiredApprovals: { development: 0, uat: 0, production: 0 } },
  },
  'PUT /api/audit-retention': { url: '/api/audit-retention', body: { days: 3650 } },
  'POST /api/audit-exports': {
    url: '/api/audit-exports',
    body: { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' },
  },
  'POST /api/webhooks': {
    // An address literal: nothing to resolve, no network wait.
    url: '/api/webhooks',
    body: { url: 'https://203.0.113.10/hook', eventTypes: ['*'], tenantId: 'tenant-001' },
    save: 'webhook',
  },
  'PATCH /api/webhooks/:webhookId': {
    url: (s) => `/api/webhooks/${s.webhook?.id}`,
    body: { description: 'Audited webhook' },
  },
  'POST /api/webhooks/:webhookId/rotate-secret': {
    url: (s) => `/api/webhooks/${s.webhook?.id}/rotate-secret`,
  },
  'DELETE /api/webhooks/:webhookId': { url: (s) => `/api/webhooks/${s.webhook?.id}` },
  ...GIT_STEPS,
  'POST /api/plans/apply': {
    url: '/api/plans/apply',
    body: async ({ db }) => ({ document: await editedExport(db, 'tenant-002') }),
  },
  'DELETE /api/tenants/:tenantId': { url: '/api/tenants/tenant-004' },
  'POST /api/admin/delete-all-resources': {
    url: '/api/admin/delete-all-resources',
    body: { confirmation: 'DELETE ALL RESOURCES' },
  },
};

/**
 * POST routes that change nothing in the console, so write no audit event: a check answered from the
 * request alone, and a webhook's test send and redelivery (its delivery log is their record).
 */
const READ_ONLY_POSTS = [
  'POST /api/capabilities/:capabilityId/configuration-check',
  // A plan creates nothing (docs/config-as-code.md); applying it is the audited write.
  'POST /api/plans',
  'POST /api/webhooks/:webhookId/test',
  'POST /api/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
];

describeApi(
  'audit coverage',
  (ctx) => {
    it('every mutation route has a valid sample here', () => {
      const mutations = ctx()
        .app.routeTable.filter((r) => r.method !== 'GET')
        .map((r) => `${r.method} ${r.url}`)
        .filter((key) => !READ_ONLY_POSTS.includes(key));
      expect(mutations.filter((key) => !STEPS[key])).toEqual([]);
      expect(Object.keys(STEPS).filter((key) => !mutations.includes(key))).toEqual([]);
    });

    it('every accepted mutation writes an audit event, which reaches an open live stream', async () => {
      const { app, db } = ctx();
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const stream = new SseClient(`${base}${LIVE_EVENTS_PATH}`, { cookie: ctx().adminCookie });
      await stream.next((f) => f.event === 'ready');
      const saved: Saved = {};
      const failures: string[] = [];
      const events = async () => (await db.select({ n: count() }).from(auditEvents))[0]?.n ?? 0;
      const liveUpTo = async (seq: number) =>
        stream
          .until(() => Number(stream.changes().at(-1)?.id ?? 0) >= seq, 10_000)
          .then(() => true)
          .catch(() => false);
      for (const [key, step] of Object.entries(STEPS)) {
        const [method] = key.split(' ');
        // Sign-in replaces the session it is sent with and sign-out ends it: neither may use the shared one.
        const cookie =
          key === 'POST /api/auth/login'
            ? ''
            : key === 'POST /api/auth/logout'
              ? await sessionCookieFor(db, TEST_ADMIN)
              : ctx().adminCookie;
        await step.before?.(ctx(), saved);
        const url = typeof step.url === 'function' ? step.url(saved) : step.url;
        const body = typeof step.body === 'function' ? await step.body(ctx()) : step.body;
        const before = await events();
        const res = await app.inject({
          method: method as 'POST',
          url,
          headers: cookie ? { cookie } : {},
          ...(body ? { payload: body } : {}),
        });
        if (res.statusCode >= 300) {
          failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          continue;
        }
        if (step.save) saved[step.save] = res.json();
        if (step.ownDraft) continue;
        if ((await events()) <= before)
          failures.push(`${key}: accepted (${res.statusCode}) but wrote no audit event`);
        else if (!(await liveUpTo(await latestSeq(db))))
          failures.push(`${key}: its audit event reached no live stream`);
      }
      stream.close();
      // Who sees an event depends on its resource type: every type recorded has its registry entry.
      const types = new Set(stream.changes<{ resourceType: string }>().map((e) => e.resourceType));
      expect([...types].filter((type) => !(type in resourceTypes))).toEqual([]);
      expect(failures).toEqual([]);
    });
  },
  async (db) => {
    await insertFixturesWithoutApprovals(db);
    await insertChangeRequestFixtures(db);
    await insertRolloutFixture(db);
  },
  () => ({ gitSync: loopbackSettings() }),
);
