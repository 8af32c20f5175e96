import '@/test/dom-polyfills';
import type { Me } from '@contract/auth';
import type { Plan, PlannedChange } from '@contract/config-doc';
import type { DriftFinding, GitLink } from '@contract/git-links';
import type { ReactElement } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';

/** The machine running the tests is loaded: give each test room. */
export const TEST_TIMEOUT = 20_000;

export const TENANT_ID = 'tenant-1';

/** A planned edit of a web app's description. */
export function makeWebAppEdit(overrides: Partial<PlannedChange> = {}): PlannedChange {
  return {
    change: {
      kind: 'web_app.update',
      webAppId: 'app-1',
      body: { description: 'Orders, edited in the file' },
    },
    title: 'Edit web app Customer Portal',
    resource: { type: 'web_app', key: 'Customer Portal' },
    diff: [{ label: 'Description', before: 'Orders', after: 'Orders, edited in the file' }],
    fingerprint: 'fp-1',
    ...overrides,
  };
}

/** A planned deletion of a route the file leaves out. */
export function makeRouteDeletion(): PlannedChange {
  return {
    change: { kind: 'gateway_route.delete', tenantId: TENANT_ID, lineageId: 'route-1' },
    title: 'Delete route GET /legacy',
    resource: { type: 'gateway_route', key: 'production GET /legacy' },
    diff: [{ label: 'Route', before: { path: '/legacy' }, after: null }],
    fingerprint: 'fp-2',
  };
}

export function makePlan(changes: PlannedChange[] = [], prune: PlannedChange[] = []): Plan {
  return {
    scope: { tenantId: TENANT_ID },
    changes,
    prune,
    summary: { changes: changes.length, prune: prune.length, byKind: {}, byResource: {} },
    plannedAt: '2026-11-29T21:00:00.000Z',
  };
}

export function makeLink(overrides: Partial<GitLink> = {}): GitLink {
  return {
    id: 'link-1',
    tenantId: TENANT_ID,
    repoUrl: 'https://git.example.com/platform/config.git',
    branch: 'main',
    path: 'tenants/acme.yaml',
    format: 'yaml',
    hasAccessToken: true,
    writeAccess: false,
    syncMode: false,
    lastSeenCommit: '0123456789abcdef0123456789abcdef01234567',
    syncedCommit: null,
    lastCheckedAt: '2026-11-29T20:55:00.000Z',
    lastError: null,
    openFindings: 1,
    revision: 4,
    createdById: 'user-1',
    createdAt: '2026-11-29T20:00:00.000Z',
    updatedAt: '2026-11-29T20:55:00.000Z',
    ...overrides,
  };
}

export function makeFinding(overrides: Partial<DriftFinding> = {}): DriftFinding {
  return {
    id: 'finding-1',
    linkId: 'link-1',
    resourceType: 'web_app',
    resourceKey: 'Customer Portal',
    change: 'web_app.update',
    title: 'Edit web app Customer Portal',
    prune: false,
    diff: [{ label: 'Description', before: 'Changed by hand', after: 'Orders' }],
    commit: '0123456789abcdef0123456789abcdef01234567',
    firstSeenAt: '2026-11-29T20:55:00.000Z',
    lastSeenAt: '2026-11-29T20:55:00.000Z',
    revertRequestId: null,
    adoptBranch: null,
    resolvedAt: null,
    resolution: null,
    ...overrides,
  };
}

/** The element with its toasts, signed in as `me` (an administrator by default), at `/tenant/...`. */
export function renderWithToasts(element: ReactElement, me: Me = makeMe({ globalRole: 'admin' })) {
  return renderWithProviders(
    <>
      {element}
      <Toaster />
    </>,
    {
      path: `/tenant/${TENANT_ID}/control-plane`,
      queryClient: queryClientWithMe(me),
    },
  );
}

/** An approval policy answering `production` approvals for production, none elsewhere. */
export const policy = (production: number) => ({
  tenantId: TENANT_ID,
  requiredApprovals: { development: 0, uat: 0, production },
  updatedAt: null,
  updatedBy: null,
});
