import type { ApiToken, ApiTokenCreated } from '@contract/api-tokens';

/** An active, never-used token with every scope of its owner; override per test. */
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

/** The creation reply: the token and its secret. */
export function makeCreated(overrides: Partial<ApiTokenCreated> = {}): ApiTokenCreated {
  return { ...makeToken(), token: 'rmt_AbCd1234secretsecretsecretsecret', ...overrides };
}
