import { z } from 'zod';
import { passwordSchema } from '@contract/password';
import {
  globalRoles,
  userInputSchema,
  userStatuses,
  type User,
  type UserInput,
  type UserPatch,
} from '@contract/users';

/** Add User / Edit user: the contract's fields as the inputs hold them ('' for none). */
export const userFormSchema = userInputSchema.extend({
  globalRole: z.enum(globalRoles),
  status: z.enum(userStatuses),
  avatarUrl: z.string().trim().max(2000),
  // Optional: without one the user cannot sign in until an administrator sets it. When given, the
  // contract's policy applies (length, and not easy to guess), with the same reasons as the server's.
  password: z.string().superRefine((value, ctx) => {
    if (value === '') return;
    const result = passwordSchema.safeParse(value);
    for (const issue of result.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message });
  }),
});
export type UserFormInput = z.input<typeof userFormSchema>;
export type UserFormValues = z.output<typeof userFormSchema>;

/** Form fields; also the body fields a 400 can name. */
export const userFormFields = userFormSchema.keyof().options;

export function userFormDefaults(user?: User): UserFormInput {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    globalRole: user?.globalRole ?? 'user',
    avatarUrl: user?.avatarUrl ?? '',
    status: user?.status ?? 'active',
    password: '',
  };
}

/** POST body: an empty avatar URL is none, an empty password is not sent. */
export function toUserInput(values: UserFormValues): UserInput {
  const { password, ...rest } = values;
  return { ...rest, avatarUrl: values.avatarUrl || null, ...(password ? { password } : {}) };
}

/** PATCH body: passwords change through Reset password. */
export function toUserPatch(values: UserFormValues): UserPatch {
  const { password: _password, ...input } = toUserInput(values);
  return input;
}
