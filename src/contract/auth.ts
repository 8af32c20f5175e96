import { z } from 'zod';
import { passwordSchema } from './password';
import { tenantRoleSchema, userSchema } from './users';

export * from './roles';

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(320),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export { MIN_PASSWORD_LENGTH } from './password';

/** POST /api/users/:id/password: the password policy of ./password.ts. */
export const setPasswordBodySchema = z.object({ password: passwordSchema });

export const membershipSchema = z.object({ tenantId: z.string(), role: tenantRoleSchema });
export type Membership = z.infer<typeof membershipSchema>;

/** GET /api/auth/me and the login reply: the signed-in user and their tenant roles. */
export const meSchema = z.object({ user: userSchema, memberships: z.array(membershipSchema) });
export type Me = z.infer<typeof meSchema>;
