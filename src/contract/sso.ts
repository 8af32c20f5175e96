import { z } from 'zod';
import { idParamSchema, revisionSchema } from './common';
import { tenantRoleSchema } from './users';

/** Who may sign in with a password (PASSWORD_LOGIN): everyone, global admins only, or only ADMIN_EMAIL. */
export const passwordLoginModes = ['all', 'admins', 'off'] as const;
export const passwordLoginModeSchema = z.enum(passwordLoginModes);
export type PasswordLoginMode = z.infer<typeof passwordLoginModeSchema>;

/** GET /api/auth/providers (public): what the sign-in page offers. */
export const authProvidersSchema = z.object({
  /** null when no identity provider is configured. */
  sso: z.object({ name: z.string(), loginUrl: z.string() }).nullable(),
  passwordLogin: passwordLoginModeSchema,
  /** Whom a refused user should ask for access (OIDC_ADMIN_CONTACT). */
  adminContact: z.string().nullable(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

export const SSO_LOGIN_PATH = '/api/auth/oidc/login';
export const SSO_CALLBACK_PATH = '/api/auth/oidc/callback';

/** Why a single sign-on ended on /login?sso_error=<code>. */
export const ssoErrorCodes = [
  'unknown_user',
  'disabled',
  'invalid_response',
  'provider_unavailable',
  'not_configured',
] as const;
export type SsoErrorCode = (typeof ssoErrorCodes)[number];
export const ssoErrorMessages: Record<SsoErrorCode, string> = {
  unknown_user: 'Your account is not registered in Resource Manager. Ask an administrator for access.',
  disabled: 'Your account is disabled. Ask an administrator.',
  invalid_response: 'The sign-in could not be verified. Try again.',
  provider_unavailable: 'The identity provider could not be reached. Try again later.',
  not_configured: 'Single sign-on is not configured.',
};

/** POST /api/auth/logout: where the browser should go to end the provider's session too, if anywhere. */
export const logoutResultSchema = z.object({ endSessionUrl: z.string().nullable() });
export type LogoutResult = z.infer<typeof logoutResultSchema>;

export { roleSources, roleSourceSchema, roleSourceNames, type RoleSource } from './users';

const groupSchema = z.string().trim().min(1, 'Group is required').max(256);

/** One mapping rule: members of `group` are global admins, or hold `role` in `tenantId`. */
export const ssoRuleSchema = z.union(
  [
    z.object({ group: groupSchema, globalRole: z.literal('admin') }).strict(),
    z.object({ group: groupSchema, tenantId: idParamSchema, role: tenantRoleSchema }).strict(),
  ],
  { error: 'A rule gives either globalRole "admin", or a tenantId and a role' },
);
export type SsoRule = z.infer<typeof ssoRuleSchema>;

/** The claim groups are read from: a name or a dotted path (`realm_access.roles`). */
export const ssoClaimSchema = z
  .string()
  .trim()
  .min(1, 'Claim is required')
  .max(200)
  .regex(/^[^.\s]+(\.[^.\s]+)*$/, 'A claim name or a dotted path such as realm_access.roles');

export const DEFAULT_SSO_CLAIM = 'groups';

/** GET /api/settings/sso (global admins). */
export const ssoSettingsSchema = z.object({
  /** 0 until first saved. */
  revision: revisionSchema,
  claim: z.string(),
  /** Create unknown users at their first SSO sign-in instead of refusing them. */
  jitProvisioning: z.boolean(),
  rules: z.array(ssoRuleSchema),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** PUT /api/settings/sso with If-Match: replaces every field. */
export const ssoSettingsInputSchema = z.object({
  claim: ssoClaimSchema,
  jitProvisioning: z.boolean(),
  rules: z.array(ssoRuleSchema).max(500),
});
export type SsoSettingsInput = z.infer<typeof ssoSettingsInputSchema>;
