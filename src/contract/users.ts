import { z } from 'zod';
import { timestampSchema } from './common';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  globalRole: z.string(),
  status: z.string(),
  createdAt: timestampSchema,
  lastLoginAt: timestampSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userProfileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  tenantId: z.string(),
  role: z.string(),
  displayName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  permissions: z.array(z.string()).nullable(),
  /** JSON text. */
  preferences: z.string().nullable(),
  status: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const globalRoles = ['user', 'admin'] as const;
export { tenantRoles } from './roles';
