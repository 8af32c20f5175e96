import type { GatewayRoute, OpaPolicy } from '@contract/gateway';

export const makeRoute = (overrides: Partial<GatewayRoute> = {}): GatewayRoute => ({
  id: 'route-v1',
  lineageId: 'route-lineage-1',
  tenantId: 'tenant-001',
  capabilityId: 'api-001',
  environment: 'production',
  path: '/orders',
  methods: ['GET', 'POST'],
  targetService: 'http://orders.internal:8080',
  authRequired: true,
  rateLimit: 1000,
  version: 1,
  isActive: true,
  createdAt: '2024-03-01T10:00:00.000Z',
  createdBy: 'admin@example.com',
  latestVersion: 1,
  ...overrides,
});

export const makePolicy = (overrides: Partial<OpaPolicy> = {}): OpaPolicy => ({
  id: 'policy-v1',
  lineageId: 'policy-lineage-1',
  tenantId: 'tenant-001',
  capabilityId: 'api-001',
  environment: 'production',
  name: 'orders-authz',
  description: null,
  policyType: 'authz',
  policyContent: 'package orders.authz\n\ndefault allow := false\n',
  enabled: true,
  version: 1,
  isActive: true,
  createdAt: '2024-03-01T10:00:00.000Z',
  createdBy: 'admin@example.com',
  latestVersion: 1,
  ...overrides,
});

/** The tenant subscribes to api-001 (Identity Service) in production. */
export const subscriptionStubs = {
  'GET /api/tenants/tenant-001/gateway/production/capabilities': [
    { id: 'api-001', name: 'Identity Service' },
  ],
};
