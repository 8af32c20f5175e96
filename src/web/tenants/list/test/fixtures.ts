import type { Tenant } from '@contract/tenants';

// Radix Select and friends use pointer capture and scrollIntoView, which jsdom lacks.
const proto = Element.prototype as unknown as Record<string, unknown>;
proto.hasPointerCapture ??= () => false;
proto.setPointerCapture ??= () => {};
proto.releasePointerCapture ??= () => {};
proto.scrollIntoView ??= () => {};
// Radix Switch measures its thumb.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export function makeTenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: 'tenant-001',
    revision: 1,
    name: 'Acme Corporation',
    description: 'Main production tenant for Acme.',
    status: 'active',
    owner: 'john.doe@acme.com',
    developmentEnabled: true,
    uatEnabled: true,
    productionEnabled: true,
    idpProvider: 'okta',
    idpConfiguration: '{"domain":"acme.okta.com"}',
    authProvider: 'oidc',
    authConfiguration: null,
    apiGatewayConfiguration: '{"rateLimit":1000}',
    policyServerConfiguration: '{"engine":"opa"}',
    dataClassification: 'confidential',
    dataRetentionRequirements: null,
    dataResidency: 'eu-west-1',
    disasterRecoveryRequirements: 'tier-1',
    privacyLaws: null,
    allowedRegions: null,
    environmentRegionPolicies: null,
    blueGreenConfig: null,
    createdAt: '2024-03-15T12:00:00.000Z',
    ...overrides,
  };
}

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
