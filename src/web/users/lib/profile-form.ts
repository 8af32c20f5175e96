import { z } from 'zod';
import {
  tenantRoles,
  userProfileInputSchema,
  type UserProfile,
  type UserProfileInput,
} from '@contract/users';

/** Manage Access: one tenant profile as the inputs hold it; permissions are comma separated. */
export const profileFormSchema = userProfileInputSchema
  .pick({ displayName: true, jobTitle: true, department: true })
  .extend({
    tenantId: z.string().min(1, 'Tenant is required'),
    role: z.enum(tenantRoles),
    permissions: z.string().max(10_000),
  });
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** Form fields; also the body fields a 400 can name. */
export const profileFormFields = profileFormSchema.keyof().options;

/** "a, b,,c " -> ['a', 'b', 'c']: trimmed, empties dropped, duplicates once. */
export function parsePermissions(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

export function profileFormDefaults(profile?: UserProfile): ProfileFormInput {
  return {
    tenantId: profile?.tenantId ?? '',
    role: profile?.role ?? 'member',
    displayName: profile?.displayName ?? '',
    jobTitle: profile?.jobTitle ?? '',
    department: profile?.department ?? '',
    permissions: (profile?.permissions ?? []).join(', '),
  };
}

const orNull = (text: string | null | undefined) => (text ? text : null);

/** The request body for `userId`: empty texts become null, permissions a list. */
export function toProfileInput(userId: string, values: ProfileFormValues): UserProfileInput {
  return {
    userId,
    tenantId: values.tenantId,
    role: values.role,
    displayName: orNull(values.displayName),
    jobTitle: orNull(values.jobTitle),
    department: orNull(values.department),
    permissions: parsePermissions(values.permissions),
  };
}
