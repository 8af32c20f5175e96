import { z } from 'zod';
import {
  changedGatewaySettings,
  type Tenant,
  type TenantGatewaySettings,
  type TenantPatch,
} from '@contract/tenants';

/** Configure Tenant Infrastructure: providers and free JSON text (the server checks that it parses). */
export const infrastructureFormSchema = z.object({
  idpProvider: z.string(),
  idpConfiguration: z.string().max(50_000),
  authProvider: z.string(),
  authConfiguration: z.string().max(50_000),
  apiGatewayConfiguration: z.string().max(50_000),
  policyServerConfiguration: z.string().max(50_000),
});
export type InfrastructureFormValues = z.infer<typeof infrastructureFormSchema>;
export type InfrastructureField = keyof InfrastructureFormValues;

/** The dialog's tabs and the fields on each, so a refused field can bring its tab forward. */
export const infrastructureTabs = [
  {
    value: 'identity',
    label: 'Identity & Auth',
    fields: ['idpProvider', 'idpConfiguration', 'authProvider', 'authConfiguration'],
  },
  { value: 'gateway', label: 'API Gateway', fields: ['apiGatewayConfiguration'] },
  { value: 'policy', label: 'Policy Server', fields: ['policyServerConfiguration'] },
] as const satisfies readonly { value: string; label: string; fields: readonly InfrastructureField[] }[];
export type InfrastructureTab = (typeof infrastructureTabs)[number]['value'];

export const infrastructureFields = infrastructureTabs.flatMap((tab) => tab.fields);
const IDENTITY_FIELDS = infrastructureTabs[0].fields;

export function tabOfField(field: string): InfrastructureTab | undefined {
  return infrastructureTabs.find((tab) => tab.fields.some((name) => name === field))?.value;
}

export function infrastructureDefaults(tenant: Tenant): InfrastructureFormValues {
  return {
    idpProvider: tenant.idpProvider ?? '',
    idpConfiguration: tenant.idpConfiguration ?? '',
    authProvider: tenant.authProvider ?? '',
    authConfiguration: tenant.authConfiguration ?? '',
    apiGatewayConfiguration: tenant.apiGatewayConfiguration ?? '',
    policyServerConfiguration: tenant.policyServerConfiguration ?? '',
  };
}

const orNull = (text: string) => (text.trim() ? text : null);

/** The PATCH body: empty texts clear the field. */
export function toInfrastructurePatch(values: InfrastructureFormValues): TenantPatch {
  return {
    idpProvider: orNull(values.idpProvider),
    idpConfiguration: orNull(values.idpConfiguration),
    authProvider: orNull(values.authProvider),
    authConfiguration: orNull(values.authConfiguration),
    apiGatewayConfiguration: orNull(values.apiGatewayConfiguration),
    policyServerConfiguration: orNull(values.policyServerConfiguration),
  };
}

/**
 * The PATCH split by who decides: the gateway and policy server settings that change (production's,
 * under the tenant's approval policy: tenant_settings.gateway) and the identity fields, or null when
 * none of them changed.
 */
export function splitInfrastructurePatch(
  values: InfrastructureFormValues,
  tenant: Tenant,
): { gateway: TenantGatewaySettings; identity: TenantPatch | null } {
  const patch = toInfrastructurePatch(values);
  const gateway: TenantGatewaySettings = {};
  for (const field of changedGatewaySettings(tenant, patch)) gateway[field] = patch[field];
  const { apiGatewayConfiguration: _gateway, policyServerConfiguration: _policy, ...identity } = patch;
  const before = toInfrastructurePatch(infrastructureDefaults(tenant));
  const changed = IDENTITY_FIELDS.some((field) => identity[field] !== before[field]);
  return { gateway, identity: changed ? identity : null };
}
