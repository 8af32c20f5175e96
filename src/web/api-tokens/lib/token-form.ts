import { z } from 'zod';
import {
  DEFAULT_API_TOKEN_DAYS,
  DEFAULT_API_TOKEN_MAX_DAYS,
  apiTokenInputSchema,
  type ApiTokenInput,
  type ApiTokenPolicy,
} from '@contract/api-tokens';

export const TENANTS_REQUIRED_MESSAGE = 'Choose at least one tenant';

/** Create token: the contract's fields as the inputs hold them (the lifetime as the select's text). */
export const tokenFormSchema = z
  .object({
    name: apiTokenInputSchema.shape.name,
    expiresInDays: z.string().regex(/^\d+$/, 'Choose how long the token lives'),
    readOnly: z.boolean(),
    restrictTenants: z.boolean(),
    tenantIds: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
    if (values.restrictTenants && values.tenantIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['tenantIds'], message: TENANTS_REQUIRED_MESSAGE });
  });
export type TokenFormInput = z.input<typeof tokenFormSchema>;
export type TokenFormValues = z.output<typeof tokenFormSchema>;

/** Form fields; also the body fields a 400 can name. */
export const tokenFormFields = ['name', 'expiresInDays', 'readOnly', 'tenantIds'] as const;

/** Used while the policy cannot be read: the server still checks the real bound. */
export const FALLBACK_POLICY: ApiTokenPolicy = {
  defaultDays: DEFAULT_API_TOKEN_DAYS,
  maxDays: DEFAULT_API_TOKEN_MAX_DAYS,
};

const PRESET_DAYS = [30, 90, 180, 365];

/** The lifetimes offered: the presets the policy allows, and its default, shortest first. */
export function expiryOptions(policy: ApiTokenPolicy): { value: string; label: string }[] {
  const days = new Set([...PRESET_DAYS.filter((d) => d <= policy.maxDays), policy.defaultDays]);
  return [...days]
    .sort((a, b) => a - b)
    .map((d) => ({ value: String(d), label: d === 1 ? '1 day' : `${d} days` }));
}

export function tokenFormDefaults(policy: ApiTokenPolicy): TokenFormInput {
  return {
    name: '',
    expiresInDays: String(policy.defaultDays),
    readOnly: false,
    restrictTenants: false,
    tenantIds: [],
  };
}

/** The request body: tenants only when restricted. */
export function toTokenInput(values: TokenFormValues): ApiTokenInput {
  return {
    name: values.name,
    expiresInDays: Number(values.expiresInDays),
    readOnly: values.readOnly,
    ...(values.restrictTenants ? { tenantIds: values.tenantIds } : {}),
  };
}
