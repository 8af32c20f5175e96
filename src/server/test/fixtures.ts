import type { Database } from '../db/client';
import type { Change } from '../../contract/changes';
import type { WebApp, WebAppInput } from '../../contract/web-apps';
import { createWebApp } from '../web-apps/service';
import { insertItems } from '../changes/release-items';
import { handlerOf } from '../changes/kinds';
import {
  approvalPolicies,
  changeRequests,
  capabilities,
  capabilityDeployments,
  capabilitySubscriptions,
  capabilitySubscriptionVersions,
  gatewayRoutes,
  microfrontendDeployments,
  microfrontends,
  microfrontendVersions,
  notificationTemplates,
  opaPolicies,
  tenants,
  userProfiles,
  users,
  webAppMeshes,
  webApps,
} from '../db/schema';

/** A small, exact data set for API assertions (the demo data is for people, not for asserts). */
export async function insertFixtures(db: Database): Promise<void> {
  await db.insert(tenants).values([
    {
      id: 'tenant-001',
      name: 'Acme Corp',
      owner: 'alice@acme.io',
      status: 'active',
      createdAt: '2026-01-01T00:00:00Z',
      allowedRegions: ['us-east-1', 'eu-west-1'],
      environmentRegionPolicies: '[{"environment":"production","regions":["us-east-1"]}]',
      blueGreenConfig:
        '{"production":{"enabled":true,"activeSlot":"blue","blueVersion":"1.0.0","greenVersion":"0.9.0","deploymentHistory":[]}}',
    },
    {
      id: 'tenant-002',
      name: 'Globex 100%_Off',
      owner: 'bob@globex.io',
      status: 'inactive',
      createdAt: '2026-01-02T00:00:00Z',
    },
    {
      id: 'tenant-003',
      name: 'Initech',
      owner: 'carol@initech.io',
      status: 'active',
      createdAt: '2026-01-03T00:00:00Z',
    },
    {
      id: 'tenant-004',
      name: 'Umbrella',
      owner: 'dave@umbrella.io',
      status: 'active',
      createdAt: '2026-01-04T00:00:00Z',
    },
  ]);
  await db.insert(users).values([
    { id: 'user-1', email: 'alice@acme.io', name: 'Alice Admin', globalRole: 'admin' },
    { id: 'user-2', email: 'bob@globex.io', name: 'Bob Builder', avatarUrl: 'https://example.com/bob.png' },
  ]);
  await db.insert(userProfiles).values([
    { id: 'profile-1', userId: 'user-1', tenantId: 'tenant-001', role: 'owner', jobTitle: 'CTO' },
    { id: 'profile-2', userId: 'user-2', tenantId: 'tenant-001', role: 'developer', displayName: 'Bobby' },
    { id: 'profile-3', userId: 'user-2', tenantId: 'tenant-002', role: 'member' },
  ]);
  await db.insert(capabilities).values([
    {
      id: 'api-001',
      name: 'Identity Service',
      category: 'Security',
      status: 'available',
      version: '1.0.0',
      description: 'Sign-in',
    },
    {
      id: 'api-002',
      name: 'Billing',
      category: 'Finance',
      status: 'provisioning',
      version: '0.1.0',
      description: 'Invoices',
    },
    {
      id: 'api-003',
      name: 'Legacy Search',
      category: 'Search',
      status: 'deprecated',
      description: 'Old search',
    },
    {
      id: 'api-007',
      name: 'Notification Service',
      category: 'Messaging',
      status: 'available',
      supportsNotificationTemplates: true,
    },
  ]);
  await db.insert(notificationTemplates).values([
    {
      id: 'tpl-1',
      capabilityId: 'api-007',
      name: 'Welcome',
      language: 'en',
      deliveryChannel: 'email',
      subject: 'Hi {{name}}',
      content: 'Welcome {{name}}',
      variables: ['name'],
    },
    {
      id: 'tpl-2',
      capabilityId: 'api-007',
      name: 'Welcome',
      language: 'es',
      deliveryChannel: 'sms',
      content: 'Hola {{name}}',
      variables: ['name'],
    },
  ]);
  await db.insert(capabilitySubscriptions).values([
    {
      id: 'sub-tenant-001-api-001',
      tenantId: 'tenant-001',
      capabilityId: 'api-001',
      environment: 'production',
      region: 'us-east-1',
    },
  ]);
  const context = {
    subscriptionId: 'sub-tenant-001-api-001',
    tenantId: 'tenant-001',
    capabilityId: 'api-001',
    environment: 'production' as const,
    region: 'us-east-1',
  };
  await db.insert(capabilitySubscriptionVersions).values([
    { ...context, id: 'ver-1', version: 1, configuration: '{"a":1}', isActive: false, status: 'inactive' },
    { ...context, id: 'ver-2', version: 2, configuration: '{"a":2}', isActive: true, notes: 'current' },
    {
      ...context,
      id: 'ver-3',
      capabilityId: 'api-001',
      region: 'eu-west-1',
      version: 1,
      configuration: '{}',
      isActive: true,
    },
  ]);
  await db.insert(microfrontends).values([
    { id: 'mfe-1', slug: 'dashboard', name: 'Dashboard' },
    { id: 'mfe-2', slug: 'reports', name: 'Reports' },
  ]);
  await db.insert(microfrontendVersions).values([
    {
      id: 'mfv-1',
      microfrontendId: 'mfe-1',
      version: '1.0.0',
      status: 'published',
      entryUrl: 'https://cdn.example.com/d/1.0.0/remoteEntry.js',
      createdAt: '2026-01-01T00:00:00Z',
    },
    {
      id: 'mfv-2',
      microfrontendId: 'mfe-1',
      version: '1.1.0',
      status: 'published',
      createdAt: '2026-01-02T00:00:00Z',
    },
    {
      id: 'mfv-3',
      microfrontendId: 'mfe-1',
      version: '1.2.0-beta',
      status: 'draft',
      createdAt: '2026-01-03T00:00:00Z',
    },
  ]);
  await db.insert(microfrontendDeployments).values([
    {
      id: 'mfd-green',
      microfrontendId: 'mfe-1',
      versionId: 'mfv-2',
      environment: 'production',
      slot: 'green',
    },
    {
      id: 'mfd-blue',
      microfrontendId: 'mfe-1',
      versionId: 'mfv-1',
      environment: 'production',
      slot: 'blue',
      status: 'active',
      trafficPercentage: 100,
      healthStatus: 'healthy',
    },
  ]);
  await db.insert(capabilityDeployments).values([
    {
      id: 'cd-blue',
      capabilityId: 'api-001',
      version: '1.0.0',
      environment: 'uat',
      slot: 'blue',
      status: 'active',
      trafficPercentage: 100,
    },
    { id: 'cd-green', capabilityId: 'api-001', version: '1.1.0', environment: 'uat', slot: 'green' },
  ]);
  await db.insert(webApps).values([
    {
      id: 'app-1',
      name: 'Customer Portal',
      technology: 'module-federation',
      status: 'running',
      tenantId: 'tenant-001',
      createdAt: '2026-02-01T00:00:00Z',
    },
    {
      id: 'app-2',
      name: 'Admin Widgets',
      description: 'Embeddable widgets',
      technology: 'web-component',
      status: 'provisioning',
      tenantId: 'tenant-001',
      createdAt: '2026-02-02T00:00:00Z',
    },
    {
      id: 'app-3',
      name: 'Legacy Frame',
      technology: 'iframe-composition',
      status: 'stopped',
      tenantId: 'tenant-002',
      createdAt: '2026-02-03T00:00:00Z',
    },
    {
      id: 'app-4',
      name: 'Reports Hub',
      technology: 'module-federation',
      status: 'running',
      tenantId: 'tenant-003',
      createdAt: '2026-02-04T00:00:00Z',
    },
  ]);
  await db.insert(webAppMeshes).values([
    {
      id: 'mesh-1',
      tenantId: 'tenant-001',
      name: 'Main Mesh',
      menuItems: '[{"id":"i1","label":"Dashboard","microfrontendVersionId":"mfv-1","config":{},"order":0}]',
    },
  ]);
}

/** Lineage ids of the gateway fixtures (UUIDs, as the API hands out). */
export const FIXTURE_ROUTE_LINEAGE = '00000000-0000-4000-8000-00000000a001';
export const FIXTURE_POLICY_LINEAGE = '00000000-0000-4000-8000-00000000b001';

/**
 * One gateway route lineage (versions 1 and 2, the second active) and one policy lineage (version 1),
 * in tenant-001's production, for api-001 (which the fixtures subscribe there). Call after insertFixtures.
 */
export async function insertGatewayFixtures(db: Database): Promise<void> {
  const context = { tenantId: 'tenant-001', capabilityId: 'api-001', environment: 'production' } as const;
  const route = { ...context, lineageId: FIXTURE_ROUTE_LINEAGE, methods: ['GET' as const], rateLimit: 1000 };
  await db.insert(gatewayRoutes).values([
    {
      ...route,
      id: 'route-v1',
      path: '/identity',
      targetService: 'identity:8080',
      version: 1,
      isActive: false,
    },
    {
      ...route,
      id: 'route-v2',
      path: '/identity/v2',
      targetService: 'identity:8080',
      version: 2,
      isActive: true,
    },
  ]);
  await db.insert(opaPolicies).values([
    {
      ...context,
      id: 'policy-v1',
      lineageId: FIXTURE_POLICY_LINEAGE,
      name: 'Identity access',
      policyType: 'authz',
      policyContent: 'package tenants.acme.identity\n\ndefault allow := false\n',
      version: 1,
      isActive: true,
    },
  ]);
}

/**
 * Sets every fixture tenant's approval policy, and the platform's, to no approvals: for the suites that
 * test what a change does, not who approves it (src/server/changes tests the approvals).
 */
export async function waiveApprovals(db: Database): Promise<void> {
  await waiveApprovalsOf(db, [...(await db.select({ id: tenants.id }).from(tenants)).map((t) => t.id), null]);
}

/**
 * waiveApprovals for some scopes (a tenant a test made, or null for the platform). Written to the table:
 * through the API a lowering is itself a change request (docs/changes.md).
 */
export async function waiveApprovalsOf(db: Database, scopes: (string | null)[]): Promise<void> {
  await db.insert(approvalPolicies).values(
    scopes.flatMap((tenantId) =>
      (['development', 'uat', 'production'] as const).map((environment) => ({
        tenantId,
        environment,
        requiredApprovals: 0,
      })),
    ),
  );
}

/** insertFixtures, with approvals waived (see waiveApprovals). */
export async function insertFixturesWithoutApprovals(db: Database): Promise<void> {
  await insertFixtures(db);
  await waiveApprovals(db);
}

/**
 * Pending change requests of tenant-001 by Bob (a developer there), one per route that acts on one, each
 * with the fingerprint of the live state so that approving applies it: cr-approve, cr-reject, cr-cancel,
 * cr-refresh, cr-schedule, cr-comment.
 */
export async function insertChangeRequestFixtures(db: Database): Promise<void> {
  const change: Change = {
    kind: 'configuration.create',
    body: {
      subscriptionId: 'sub-tenant-001-api-003',
      tenantId: 'tenant-001',
      capabilityId: 'api-003',
      environment: 'production',
      region: 'us-east-1',
      configuration: '{"fixture":true}',
    },
  };
  const ids = ['cr-approve', 'cr-reject', 'cr-cancel', 'cr-refresh', 'cr-schedule', 'cr-comment'];
  await db.transaction(async (tx) => {
    const planned = {
      change,
      target: await handlerOf(change).target(tx, change),
      snapshot: await handlerOf(change).snapshot(tx, change),
    };
    await tx.insert(changeRequests).values(
      ids.map((id) => ({
        id,
        tenantId: 'tenant-001',
        environment: 'production' as const,
        kind: change.kind,
        title: `Fixture ${id}`,
        requiredApprovals: 1,
        requestedById: 'user-2',
        requestedBy: 'bob@globex.io',
      })),
    );
    for (const id of ids) await insertItems(tx, id, [planned]);
  });
}

/**
 * A production web app made as an approved request would make it: the direct POST asks the tenant's
 * production policy (409 where it needs approvals), so tests that need such an app to work on make it
 * through the service.
 */
export async function insertProductionWebApp(
  db: Database,
  input: Omit<WebAppInput, 'environment'>,
): Promise<WebApp> {
  return createWebApp(
    db,
    { ...input, environment: 'production' },
    { id: null, email: 'fixture@example.com' },
  );
}
