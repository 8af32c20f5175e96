import { z } from 'zod';
import { policyTypes, tenantPackageName, type OpaPolicy, type PolicyFields } from '@contract/gateway';
import { capabilityFormField, capabilityFormLabel } from '@/gateway/lib/lineage-form-fields';

/** The policy form: the contract's fields as the inputs hold them (description '' for none). */
export const policyFormSchema = z.object({
  ...capabilityFormField,
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(2000),
  policyType: z.enum(policyTypes),
  policyContent: z
    .string()
    .max(200_000)
    .refine((text) => text.trim() !== '', 'Rego source is required'),
  enabled: z.boolean(),
});
export type PolicyFormValues = z.infer<typeof policyFormSchema>;

export const policyFormFields = policyFormSchema.keyof().options;

export const policyFormLabels = {
  ...capabilityFormLabel,
  name: 'Name',
  description: 'Description',
  policyType: 'Type',
  policyContent: 'Rego policy',
  enabled: 'Enabled',
} as const;

/**
 * A starting point that passes the server's checks, so a new policy is one edit away from useful: in a
 * package of the tenant's own, since another tenant may not use the same one.
 */
export const regoTemplate = (tenantId: string) => `package tenants.${tenantPackageName(tenantId)}.authz

import rego.v1

default allow := false

allow if {
\tinput.method == "GET"
}
`;

export function policyFormDefaults(policy?: OpaPolicy, tenantId = '', capabilityId = ''): PolicyFormValues {
  return {
    capabilityId: policy?.capabilityId ?? capabilityId,
    name: policy?.name ?? '',
    description: policy?.description ?? '',
    policyType: policy?.policyType ?? 'authz',
    policyContent: policy?.policyContent ?? regoTemplate(tenantId),
    enabled: policy?.enabled ?? true,
  };
}

export function toPolicyFields(values: PolicyFormValues): PolicyFields {
  return {
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description.trim(),
    policyType: values.policyType,
    policyContent: values.policyContent,
    enabled: values.enabled,
  };
}
