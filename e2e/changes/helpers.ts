import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { ChangeRequest } from '../../src/contract/changes';
import { setPassword } from '../auth/auth-helpers';
import { expect, signIn } from '../fixtures';

/** Dan Okafor: a developer of tenant-001 in the demo data (he may create configuration versions). */
export const DEVELOPER = {
  id: 'user-003',
  email: 'daniel.okafor@example.com',
  password: 'developer-password-1',
};

/**
 * A request context signed in as the demo developer, on the same server as `page` (open a route first).
 * The administrator (`admin`) gives him a password first.
 */
export async function developerRequest(page: Page, admin: APIRequestContext): Promise<APIRequestContext> {
  await setPassword(admin, DEVELOPER.id, DEVELOPER.password);
  const context = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  await signIn(context, DEVELOPER);
  return context;
}

/**
 * Asks for a new configuration of tenant-001's api-001 (no JSON Schema) in production, us-east-1: the
 * default policy wants one approval there, so it waits as a pending request.
 */
export async function requestConfigurationChange(
  requester: APIRequestContext,
  title: string,
  configuration: Record<string, unknown> = { sessionTimeoutMinutes: 20, mfa: 'required' },
): Promise<ChangeRequest> {
  const res = await requester.post('/api/change-requests', {
    data: {
      title,
      description: 'Made by the end-to-end tests.',
      change: {
        kind: 'configuration.create',
        body: {
          subscriptionId: 'sub-tenant-001-api-001',
          tenantId: 'tenant-001',
          capabilityId: 'api-001',
          environment: 'production',
          region: 'us-east-1',
          configuration: JSON.stringify(configuration),
          notes: title,
        },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as ChangeRequest;
  expect(created.status).toBe('pending');
  return created;
}

/** How many requests wait for the approval of the user behind `context`. */
export async function waitingFor(context: APIRequestContext): Promise<number> {
  const res = await context.get('/api/change-requests/summary');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { waitingForMe: number }).waitingForMe;
}

/**
 * A new capability of tenant-001 at version 1 in production us-east-1 ({"level": 1}), applied by the
 * administrator behind `admin` with a bypass (production asks for approval). Answers its id.
 */
export async function productionCapabilityAtVersion1(
  admin: APIRequestContext,
  name: string,
): Promise<string> {
  const tenant = await admin.patch('/api/tenants/tenant-001', {
    data: {
      productionEnabled: true,
      allowedRegions: ['us-east-1', 'us-west-2', 'eu-west-1'],
      environmentRegionPolicies: null,
      confirmWidening: true,
    },
  });
  expect(tenant.ok(), await tenant.text()).toBe(true);
  const registered = await admin.post('/api/capabilities', { data: { name } });
  expect(registered.status(), await registered.text()).toBe(201);
  const capabilityId = ((await registered.json()) as { id: string }).id;
  const applied = await admin.post('/api/change-requests', {
    data: {
      change: {
        kind: 'configuration.create',
        body: {
          subscriptionId: `sub-tenant-001-${capabilityId}`,
          tenantId: 'tenant-001',
          capabilityId,
          environment: 'production',
          region: 'us-east-1',
          configuration: '{"level": 1}',
        },
      },
      bypassReason: 'E2E set-up',
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  expect(((await applied.json()) as ChangeRequest).status).toBe('applied');
  return capabilityId;
}
