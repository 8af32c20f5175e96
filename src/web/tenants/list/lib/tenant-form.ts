import { z } from 'zod';
import { tenantInputSchema, tenantStatuses, type Tenant, type TenantInput } from '@contract/tenants';

/** Create Tenant / Edit: the contract's fields as the inputs hold them ('' for none). */
export const tenantFormSchema = tenantInputSchema.pick({ name: true, owner: true }).extend({
  description: z.string().trim().max(2000),
  status: z.enum(tenantStatuses),
  developmentEnabled: z.boolean(),
  uatEnabled: z.boolean(),
  productionEnabled: z.boolean(),
  dataResidency: z.string(),
  dataClassification: z.string(),
  disasterRecoveryRequirements: z.string(),
});
export type TenantFormInput = z.input<typeof tenantFormSchema>;
export type TenantFormValues = z.output<typeof tenantFormSchema>;

/** The form's fields; also the body fields a 400 can name. */
export const tenantFormFields = tenantFormSchema.keyof().options;

/** How a conflict alert names the form's fields. */
export const TENANT_FIELD_LABELS: Record<(typeof tenantFormFields)[number], string> = {
  name: 'Tenant Name',
  description: 'Description',
  owner: 'Owner',
  status: 'Status',
  developmentEnabled: 'Development',
  uatEnabled: 'UAT',
  productionEnabled: 'Production',
  dataResidency: 'Data Residency',
  dataClassification: 'Data Classification',
  disasterRecoveryRequirements: 'Disaster Recovery',
};

/**
 * A new tenant: active, all three environments on (docs/product.md, Constants and limits), nothing else
 * chosen.
 */
export const NEW_TENANT_DEFAULTS: TenantFormInput = {
  name: '',
  description: '',
  owner: '',
  status: 'active',
  developmentEnabled: true,
  uatEnabled: true,
  productionEnabled: true,
  dataResidency: '',
  dataClassification: '',
  disasterRecoveryRequirements: '',
};

/** The defaults of a new tenant, or `tenant`'s current values (Edit). */
export function tenantFormDefaults(tenant?: Tenant): TenantFormInput {
  if (!tenant) return NEW_TENANT_DEFAULTS;
  return {
    name: tenant.name,
    description: tenant.description ?? '',
    owner: tenant.owner,
    status: tenant.status,
    developmentEnabled: tenant.developmentEnabled,
    uatEnabled: tenant.uatEnabled,
    productionEnabled: tenant.productionEnabled,
    dataResidency: tenant.dataResidency ?? '',
    dataClassification: tenant.dataClassification ?? '',
    disasterRecoveryRequirements: tenant.disasterRecoveryRequirements ?? '',
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The request body: empty texts become null (none). */
export function toTenantInput(values: TenantFormValues): TenantInput {
  return {
    name: values.name,
    description: orNull(values.description),
    owner: values.owner,
    status: values.status,
    developmentEnabled: values.developmentEnabled,
    uatEnabled: values.uatEnabled,
    productionEnabled: values.productionEnabled,
    dataResidency: orNull(values.dataResidency),
    dataClassification: orNull(values.dataClassification),
    disasterRecoveryRequirements: orNull(values.disasterRecoveryRequirements),
  };
}
