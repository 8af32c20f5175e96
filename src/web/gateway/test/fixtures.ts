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

const APPROVAL_POLICY = 'GET /api/tenants/tenant-001/approval-policy';
const approvalPolicy = (production: number) => ({
  tenantId: 'tenant-001',
  requiredApprovals: { development: 0, uat: 0, production },
  updatedAt: null,
  updatedBy: null,
});

/** The tenant's policy lets production changes apply directly (an administrator set it to 0). */
export const noApprovalStubs = { [APPROVAL_POLICY]: approvalPolicy(0) };
/** The default policy: production changes need 1 approval, so the console requests them. */
export const approvalStubs = { [APPROVAL_POLICY]: approvalPolicy(1) };
