import type { Capability } from '@contract/capabilities';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import type { Tenant } from '@contract/tenants';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

export const makeTenant = (overrides: Partial<Tenant> = {}): Tenant => ({
  id: 'tenant-001',
  revision: 1,
  name: 'Acme Financial Services',
  description: null,
  status: 'active',
  owner: 'owner@example.com',
  developmentEnabled: true,
  uatEnabled: true,
  productionEnabled: true,
  idpProvider: null,
  idpConfiguration: null,
  authProvider: null,
  authConfiguration: null,
  apiGatewayConfiguration: null,
  policyServerConfiguration: null,
  dataClassification: 'confidential',
  dataRetentionRequirements: null,
  dataResidency: null,
  disasterRecoveryRequirements: null,
  privacyLaws: null,
  allowedRegions: ['us-east-1', 'us-west-2'],
  environmentRegionPolicies: null,
  blueGreenConfig: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  ...overrides,
});

export const makeCapability = (n: number, overrides: Partial<Capability> = {}): Capability => ({
  id: `api-${String(n).padStart(3, '0')}`,
  revision: 1,
  name: `Capability ${n}`,
  description: `Description ${n}`,
  version: '1.0.0',
  status: 'available',
  endpoint: `https://api.example.com/${n}`,
  category: 'Platform',
  blueGreenConfig: null,
  configurationSchema: null,
  supportsNotificationTemplates: false,
  ...overrides,
});

export const makeVersion = (overrides: Partial<ConfigurationVersion> = {}): ConfigurationVersion => ({
  id: 'ver-1',
  subscriptionId: 'sub-tenant-001-api-001',
  tenantId: 'tenant-001',
  capabilityId: 'api-001',
  environment: 'production',
  region: 'us-east-1',
  version: 1,
  configuration: '{"rateLimit":100}',
  status: 'active',
  isActive: true,
  notes: null,
  createdAt: '2024-02-01T10:00:00.000Z',
  createdBy: 'admin@example.com',
  ...overrides,
});

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * A fetch stub answering by "METHOD /path" (exact, query string ignored) or "METHOD /prefix*" routes;
 * anything else is a 404.
 * Every call is recorded, so tests can count requests.
 */
export function stubApi(routes: Record<string, Handler | unknown>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const match =
      routes[key] ??
      Object.entries(routes).find(
        ([route]) => route.endsWith('*') && key.startsWith(route.slice(0, -1)),
      )?.[1];
    if (match === undefined)
      return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    return typeof match === 'function' ? (match as Handler)(init, url) : Response.json(match);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const calls = (fetchMock: ReturnType<typeof stubApi>, method = 'GET') =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input]) => String(input));

export const bodyOf = (fetchMock: ReturnType<typeof stubApi>, url: string): unknown => {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => String(input) === url && init?.method !== undefined && init.method !== 'GET',
  );
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
};

/**
 * Radix Select and friends call pointer-capture and scrollIntoView, which jsdom lacks; and on a loaded
 * 2-core machine Radix dialogs under user-event need more than Testing Library's default 1 s to settle.
 */
export function polyfillPointer(): void {
  configure({ asyncUtilTimeout: 5000 });
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
  // Radix Checkbox (the request fields' Schedule and Bypass) measures itself.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** An approval policy answer: `production` approvals for production changes, none elsewhere. */
export const makePolicy = (production: number, tenantId: string | null = 'tenant-001') => ({
  tenantId,
  requiredApprovals: { development: 0, uat: 0, production },
  updatedAt: null,
  updatedBy: null,
});

/** A change request as POST /api/change-requests answers it. */
export const makeChangeRequest = (overrides: Record<string, unknown> = {}) => ({
  id: 'chg-7',
  number: 7,
  tenantId: 'tenant-001',
  tenantName: 'Acme Financial Services',
  environment: 'production',
  kind: 'configuration.create',
  title: 'New configuration version',
  description: null,
  status: 'pending',
  requiredApprovals: 1,
  approvals: 0,
  requestedBy: 'alice@example.com',
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-01T10:00:00.000Z',
  scheduledAt: null,
  scheduleTimeZone: null,
  appliedAt: null,
  appliedBy: null,
  outcome: null,
  bypassReason: null,
  revision: 1,
  ...overrides,
});
