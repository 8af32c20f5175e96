import type { ApiToken, ApiTokenCreated } from '@contract/api-tokens';
import '@/test/dom-polyfills';

/** The machine running the tests is loaded: give each test room. */
export const TEST_TIMEOUT = 20_000;

export function makeToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 'tok-1',
    userId: 'user-1',
    name: 'deploy-pipeline',
    displayPrefix: 'rmt_AbCd1234',
    status: 'active',
    readOnly: false,
    tenantIds: null,
    meshId: null,
    createdAt: '2026-01-10T09:00:00.000Z',
    createdByEmail: 'alice@example.com',
    expiresAt: '2026-04-10T09:00:00.000Z',
    revokedAt: null,
    lastUsedAt: null,
    lastUsedIp: null,
    ...overrides,
  };
}

export function makeCreated(overrides: Partial<ApiTokenCreated> = {}): ApiTokenCreated {
  return { ...makeToken(), token: 'rmt_AbCd1234secretsecretsecretsecret', ...overrides };
}

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
