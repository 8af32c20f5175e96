import { z } from 'zod';
import { environmentSchema, timestampSchema, revisionSchema } from './common';
import { tenantStatuses } from './vocabulary';

export { tenantStatuses } from './vocabulary';
export const tenantStatusSchema = z.enum(tenantStatuses);
export type TenantStatus = z.infer<typeof tenantStatusSchema>;

/** A tenant as the API sends it. JSON-text fields stay text (docs/product.md, API calls). */
export const tenantSchema = z.object({
  id: z.string(),
  revision: revisionSchema,
  name: z.string(),
  description: z.string().nullable(),
  status: tenantStatusSchema,
  owner: z.string(),
  developmentEnabled: z.boolean(),
  uatEnabled: z.boolean(),
  productionEnabled: z.boolean(),
  /** Open text: the form offers identityProviders, the API takes any name (tenantInputSchema). */
  idpProvider: z.string().nullable(),
  idpConfiguration: z.string().nullable(),
  /** Open text, like idpProvider: the form offers authProviders. */
  authProvider: z.string().nullable(),
  authConfiguration: z.string().nullable(),
  apiGatewayConfiguration: z.string().nullable(),
  policyServerConfiguration: z.string().nullable(),
  dataClassification: z.string().nullable(),
  dataRetentionRequirements: z.string().nullable(),
  dataResidency: z.string().nullable(),
  disasterRecoveryRequirements: z.string().nullable(),
  privacyLaws: z.string().nullable(),
  allowedRegions: z.array(z.string()).nullable(),
  /** JSON text: list of {environment, regions}. */
  environmentRegionPolicies: z.string().nullable(),
  /** JSON text: per-environment blue-green state. */
  blueGreenConfig: z.string().nullable(),
  createdAt: timestampSchema,
});
export type Tenant = z.infer<typeof tenantSchema>;

const text = (max: number) => z.string().trim().max(max).nullable().optional();

/** One per-environment region override (environmentRegionPolicies is a JSON-text list of these). */
export const environmentRegionPolicySchema = z.object({
  environment: environmentSchema,
  regions: z.array(z.string()),
});
export type EnvironmentRegionPolicy = z.infer<typeof environmentRegionPolicySchema>;

/**
 * Create Tenant (docs/product.md, Create and configure dialogs) plus every other tenant field, all
 * optional but name and owner.
 * The *Configuration fields and environmentRegionPolicies are JSON text: the server refuses text that
 * is not JSON (400 naming the field); an empty string means "none".
 */
export const tenantInputSchema = z.object({
  name: z.string().trim().min(1, 'Tenant Name is required').max(200),
  description: text(2000),
  owner: z.string().trim().min(1, 'Owner is required').max(320),
  status: tenantStatusSchema.optional(),
  developmentEnabled: z.boolean().optional(),
  uatEnabled: z.boolean().optional(),
  productionEnabled: z.boolean().optional(),
  idpProvider: text(100),
  idpConfiguration: text(50_000),
  authProvider: text(100),
  authConfiguration: text(50_000),
  apiGatewayConfiguration: text(50_000),
  policyServerConfiguration: text(50_000),
  dataClassification: text(2000),
  dataRetentionRequirements: text(2000),
  dataResidency: text(2000),
  disasterRecoveryRequirements: text(2000),
  privacyLaws: text(2000),
  allowedRegions: z.array(z.string()).max(50).nullable().optional(),
  environmentRegionPolicies: text(50_000),
});
export type TenantInput = z.infer<typeof tenantInputSchema>;

/** PATCH /api/tenants/:id: any subset of the fields (metadata, regions, infrastructure, edit). */
export const tenantPatchSchema = tenantInputSchema.partial().extend({
  /**
   * Accepts a change that lets an environment take a region it refuses today (its region override
   * removed, emptied or widened, or the allowed regions cleared). Without it such a change is a 409
   * naming the environment, so governance never widens by accident. Not stored.
   */
  confirmWidening: z.boolean().optional(),
});
export type TenantPatch = z.infer<typeof tenantPatchSchema>;

/** DELETE /api/tenants/:id answers what went with the tenant. */
export const tenantDeletionSchema = z.object({
  webApps: z.number().int(),
  profiles: z.number().int(),
  subscriptions: z.number().int(),
  meshes: z.number().int(),
});

/**
 * The tenant-wide settings Kong and OPA are run with (the policy server's bundleUrl included). They are
 * not per environment, so a change of them is a production change (kind tenant_settings.gateway):
 * where the tenant's production needs approvals, PATCH refuses it (docs/changes.md).
 */
export const TENANT_GATEWAY_FIELDS = ['apiGatewayConfiguration', 'policyServerConfiguration'] as const;
export type TenantGatewayField = (typeof TENANT_GATEWAY_FIELDS)[number];
export const tenantGatewaySettingsSchema = tenantInputSchema.pick({
  apiGatewayConfiguration: true,
  policyServerConfiguration: true,
});
export type TenantGatewaySettings = z.infer<typeof tenantGatewaySettingsSchema>;

/**
 * The change `tenant.update`: the tenant patch without the two gateway settings, which
 * `tenant_settings.gateway` carries. Strict, so a gateway setting sent here is refused, not dropped.
 */
export const tenantFieldsPatchSchema = tenantPatchSchema
  .omit({ apiGatewayConfiguration: true, policyServerConfiguration: true })
  .strict();
export type TenantFieldsPatch = z.infer<typeof tenantFieldsPatchSchema>;

/** Stored text as the server keeps it: trimmed, and empty means none. */
const settingText = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The gateway settings a patch would change (an unchanged value sent back, as forms do, is no change). */
export function changedGatewaySettings(
  tenant: Pick<Tenant, TenantGatewayField>,
  patch: Partial<Record<TenantGatewayField, string | null>>,
): TenantGatewayField[] {
  return TENANT_GATEWAY_FIELDS.filter(
    (field) => patch[field] !== undefined && settingText(patch[field]) !== settingText(tenant[field]),
  );
}
