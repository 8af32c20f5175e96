import { z } from 'zod';
import { timestampSchema } from './common';

/** A tenant as the API sends it. JSON-text fields stay text, as SPEC.md section 7 says. */
export const tenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  owner: z.string(),
  developmentEnabled: z.boolean(),
  uatEnabled: z.boolean(),
  productionEnabled: z.boolean(),
  idpProvider: z.string().nullable(),
  idpConfiguration: z.string().nullable(),
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

export const tenantStatuses = ['active', 'inactive'] as const;
