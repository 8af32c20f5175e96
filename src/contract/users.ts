import { z } from 'zod';
import { idParamSchema, timestampSchema, revisionSchema } from './common';
import { passwordSchema } from './password';
import { tenantRoles } from './roles';
import { optionalHttpUrlSchema } from './web-apps';
import { globalRoles, userKinds, userStatuses } from './vocabulary';

export {
  globalRoleNames,
  globalRoles,
  userKindNames,
  userKinds,
  userStatuses,
  type GlobalRole,
  type UserKind,
} from './vocabulary';
export const globalRoleSchema = z.enum(globalRoles);
export { tenantRoles, tenantRoleNames, type TenantRole } from './roles';
export const tenantRoleSchema = z.enum(tenantRoles);
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;
export const userKindSchema = z.enum(userKinds);
export const profileStatuses = ['active', 'inactive'] as const;
export const profileStatusSchema = z.enum(profileStatuses);
export type ProfileStatus = z.infer<typeof profileStatusSchema>;

/** Who set a role: by hand in the console, or the SSO group mapping at sign-in (docs/sso.md). */
export const roleSources = ['manual', 'sso'] as const;
export const roleSourceSchema = z.enum(roleSources);
export type RoleSource = z.infer<typeof roleSourceSchema>;
export const roleSourceNames: Record<RoleSource, string> = { manual: 'Set by hand', sso: 'From SSO groups' };

export const userSchema = z.object({
  id: z.string(),
  revision: revisionSchema,
  email: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  globalRole: globalRoleSchema,
  globalRoleSource: roleSourceSchema,
  status: userStatusSchema,
  kind: userKindSchema,
  createdAt: timestampSchema,
  lastLoginAt: timestampSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userProfileSchema = z.object({
  id: z.string(),
  revision: revisionSchema,
  userId: z.string(),
  tenantId: z.string(),
  role: tenantRoleSchema,
  source: roleSourceSchema,
  displayName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  permissions: z.array(z.string()).nullable(),
  /** JSON text. */
  preferences: z.string().nullable(),
  status: profileStatusSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const DUPLICATE_EMAIL_MESSAGE = 'A user with this email already exists';
export const DUPLICATE_PROFILE_MESSAGE = 'This user already has access to this tenant';

/** Stored lower-case: one mailbox, one account. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .regex(z.regexes.email, 'Enter a valid email address');

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** Add User. The initial password is optional (the user cannot sign in until one is set) and never echoed. */
export const userInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: emailSchema,
  /** Default user. */
  globalRole: globalRoleSchema.optional(),
  avatarUrl: optionalHttpUrlSchema,
  /** Default active. */
  status: userStatusSchema.optional(),
  /** The password policy of ./password.ts: length, and not easy to guess. */
  password: passwordSchema.optional(),
});
export type UserInput = z.infer<typeof userInputSchema>;

/**
 * POST /api/service-accounts: a user that can never sign in. Its address is made up from the name under
 * the reserved `.invalid` domain (no mail reaches it); its tenant roles are added like anyone's.
 */
export const serviceAccountInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(100, 'At most 100 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'Letters, digits, spaces, dots, dashes and underscores'),
  /** Default user. */
  globalRole: globalRoleSchema.optional(),
});
export type ServiceAccountInput = z.infer<typeof serviceAccountInputSchema>;
export const SERVICE_ACCOUNT_EMAIL_DOMAIN = 'service-accounts.invalid';
export const SERVICE_ACCOUNT_NO_SIGN_IN_MESSAGE = 'A service account cannot sign in or have a password';

/** PATCH /api/users/:id. Passwords change through POST /api/users/:id/password. */
export const userPatchSchema = userInputSchema.omit({ password: true }).partial();
export type UserPatch = z.infer<typeof userPatchSchema>;

/** Manage Access: one user's access to one tenant. */
export const userProfileInputSchema = z.object({
  userId: idParamSchema,
  tenantId: idParamSchema,
  /** Default member. */
  role: tenantRoleSchema.optional(),
  displayName: optionalText(200),
  jobTitle: optionalText(200),
  department: optionalText(200),
  permissions: z.array(z.string().trim().min(1).max(100)).max(100).nullable().optional(),
  /** Default active. */
  status: profileStatusSchema.optional(),
});
export type UserProfileInput = z.infer<typeof userProfileInputSchema>;

/**
 * PATCH /api/user-profiles/:id. A profile never moves to another user or tenant: a userId or tenantId
 * other than the profile's own is refused (400 naming the field).
 */
export const userProfilePatchSchema = userProfileInputSchema.partial();
export type UserProfilePatch = z.infer<typeof userProfilePatchSchema>;

/**
 * A single sign-on identity linked to a user (docs/sso.md, "Matching, linking, JIT"): the provider
 * (`issuer`) and its account (`subject`) that sign in as this user, the address the link was made by,
 * and when an administrator unlinked it, if they did.
 */
export const userIdentitySchema = z.object({
  id: z.string(),
  issuer: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  linkedAt: timestampSchema,
  /** Set once unlinked: the identity is refused from then on. */
  unlinkedAt: timestampSchema.nullable(),
});
export type UserIdentity = z.infer<typeof userIdentitySchema>;
