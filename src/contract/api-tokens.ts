import { z } from 'zod';
import { idParamSchema, timestampSchema } from './common';

/**
 * API tokens (docs/automation.md): a secret a pipeline sends as `Authorization: Bearer rmt_…`. The
 * prefix is fixed so secret scanners recognise a leaked token; only a hash of it is stored.
 */
export const API_TOKEN_PREFIX = 'rmt_';
/** Characters of the token shown in lists after creation (the prefix and the first few of the secret). */
export const API_TOKEN_DISPLAY_LENGTH = API_TOKEN_PREFIX.length + 8;
/** Days a new token lives unless the form says otherwise; the upper bound is API_TOKEN_MAX_DAYS. */
export const DEFAULT_API_TOKEN_DAYS = 90;
export const DEFAULT_API_TOKEN_MAX_DAYS = 365;
/** Requests per token per minute (API_TOKEN_RATE_LIMIT). */
export const DEFAULT_API_TOKEN_RATE_LIMIT = 600;
/** `Idempotency-Key` values: Stripe's limit. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Where a token stands; derived from its dates when read, never stored. */
export const apiTokenStatuses = ['active', 'expired', 'revoked'] as const;
export const apiTokenStatusSchema = z.enum(apiTokenStatuses);
export type ApiTokenStatus = z.infer<typeof apiTokenStatusSchema>;
export const apiTokenStatusNames: Record<ApiTokenStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** What a token may do, on top of its owner's rights (never more than them). */
export const apiTokenScopeSchema = z.object({
  /** Only GET requests. */
  readOnly: z.boolean(),
  /** Only these tenants (null: every tenant the owner can reach). */
  tenantIds: z.array(z.string()).nullable(),
  /** Only this mesh's manifest, read-only (a host shell's token); null for every other token. */
  meshId: z.string().nullable(),
});
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

export const apiTokenSchema = apiTokenScopeSchema.extend({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  /** `rmt_` and the first characters of the secret: enough to tell tokens apart, useless to an attacker. */
  displayPrefix: z.string(),
  status: apiTokenStatusSchema,
  createdAt: timestampSchema,
  /** Who created it (the owner for personal tokens, an administrator for a service account's). */
  createdByEmail: z.string().nullable(),
  expiresAt: timestampSchema,
  revokedAt: timestampSchema.nullable(),
  lastUsedAt: timestampSchema.nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** POST /api/tokens and POST /api/users/:id/tokens. The upper bound of expiresInDays is the server's setting. */
export const apiTokenInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'At most 100 characters'),
  /** Default 90. */
  expiresInDays: z
    .number()
    .int('Must be a whole number of days')
    .min(1, 'At least 1 day')
    .max(3650, 'At most 3650 days')
    .optional(),
  readOnly: z.boolean().optional(),
  /** Non-empty when present: restrict the token to these tenants. */
  tenantIds: z.array(idParamSchema).min(1, 'Choose at least one tenant').max(100).optional(),
  /** A host shell's token: reads this mesh's manifest and nothing else. */
  meshId: idParamSchema.optional(),
});
export type ApiTokenInput = z.infer<typeof apiTokenInputSchema>;

/** The creation reply: the only time the secret is ever shown. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const tokenIdParamsSchema = z.object({ tokenId: idParamSchema });
export const userTokenParamsSchema = z.object({ id: idParamSchema, tokenId: idParamSchema });

/** Messages of the 401s and 403s a token meets; the tests and docs/automation.md quote them. */
export const TOKEN_MESSAGES = {
  invalid: 'Invalid API token',
  expired: 'This API token has expired',
  revoked: 'This API token has been revoked',
  ownerDisabled: "This API token's owner is disabled",
  bothCredentials: 'Send either a session cookie or a bearer token, not both',
  readOnly: 'This API token is read-only',
  readOnlyBackup:
    'A backup holds every secret as stored: a read-only API token cannot download one (use a token that may write)',
  meshOnly: "This API token can only read its mesh's manifest",
  humanOnly:
    'Approving, rejecting or bypassing a change request needs a person: API tokens cannot do it (four eyes)',
  tokensManageTokens: 'API tokens cannot create or revoke API tokens: sign in to manage them',
  grantsAccess:
    'Users, passwords, roles and service accounts are managed by a person signed in: API tokens cannot change who has access',
  docs: 'The API documentation is for people signed in: API tokens cannot read it',
  subscriptions:
    'Webhook, chat and audit stream subscriptions are managed by a person signed in: what they send would outlive the API token',
  gitLinks:
    'Git links are managed by a person signed in: in sync mode, what a link applies would outlive the API token',
} as const;

/** GET /api/tokens/policy: what the create form offers. */
export const apiTokenPolicySchema = z.object({
  defaultDays: z.number().int(),
  /** API_TOKEN_MAX_DAYS of the server. */
  maxDays: z.number().int(),
});
export type ApiTokenPolicy = z.infer<typeof apiTokenPolicySchema>;
