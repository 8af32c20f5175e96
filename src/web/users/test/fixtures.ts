import type { Tenant } from '@contract/tenants';
import type { User, UserProfile } from '@contract/users';

// Radix Select and friends use pointer capture and scrollIntoView, which jsdom lacks.
const proto = Element.prototype as unknown as Record<string, unknown>;
proto.hasPointerCapture ??= () => false;
proto.setPointerCapture ??= () => {};
proto.releasePointerCapture ??= () => {};
proto.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The machine running the tests is loaded: give each test room. */
export const TEST_TIMEOUT = 20_000;

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-2',
    revision: 1,
    email: 'bob.stone@example.com',
    name: 'Bob Stone',
    avatarUrl: null,
    globalRole: 'user',
    globalRoleSource: 'manual',
    status: 'active',
    kind: 'person',
    createdAt: '2024-01-01T00:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'profile-1',
    revision: 1,
    userId: 'user-2',
    tenantId: 'tenant-001',
    role: 'developer',
    source: 'manual',
    displayName: null,
    jobTitle: 'Frontend Engineer',
    department: null,
    permissions: null,
    preferences: null,
    status: 'active',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeTenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: 'tenant-001',
    revision: 1,
    name: 'Acme Corp',
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
    dataClassification: null,
    dataRetentionRequirements: null,
    dataResidency: null,
    disasterRecoveryRequirements: null,
    privacyLaws: null,
    allowedRegions: null,
    environmentRegionPolicies: null,
    blueGreenConfig: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
