import { z } from 'zod';
import { globalRoles, serviceAccountInputSchema } from '@contract/users';

/** Add service account: the contract's fields, the global role always chosen. */
export const serviceAccountFormSchema = serviceAccountInputSchema.extend({ globalRole: z.enum(globalRoles) });
export type ServiceAccountFormInput = z.input<typeof serviceAccountFormSchema>;
export type ServiceAccountFormValues = z.output<typeof serviceAccountFormSchema>;

/** Form fields; also the body fields a 400 can name. */
export const serviceAccountFormFields = serviceAccountFormSchema.keyof().options;

export const serviceAccountFormDefaults = (): ServiceAccountFormInput => ({ name: '', globalRole: 'user' });
