import { z } from 'zod';
import { revisionSchema, timestampSchema } from './common';
import { emailSchema } from './users';

/** Account and system settings (one set for the whole installation). */
export const settingsSchema = z.object({
  accountEmail: z.string().nullable(),
  organization: z.string().nullable(),
  emailNotifications: z.boolean(),
  autoScaling: z.boolean(),
  /** While on, every change by a non-administrator is refused with 503. */
  maintenanceMode: z.boolean(),
  /** While on, a production switch to a slot without a health check is refused (docs/health-checks.md). */
  requireProductionHealthChecks: z.boolean(),
  /** null until the settings were first saved. */
  updatedAt: timestampSchema.nullable(),
  updatedBy: z.string().nullable(),
  /** 0 until the settings were first saved. */
  revision: revisionSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * docs/product.md, Settings: notifications on, auto-scaling and maintenance mode off; health checks not
 * required in production.
 */
export const DEFAULT_SETTINGS = {
  accountEmail: null,
  organization: null,
  emailNotifications: true,
  autoScaling: false,
  maintenanceMode: false,
  requireProductionHealthChecks: false,
} as const satisfies Omit<Settings, 'updatedAt' | 'updatedBy' | 'revision'>;

/**
 * PUT /api/settings replaces every field. An empty account email means "none". A client written before
 * requireProductionHealthChecks existed leaves it out, and it keeps its saved value.
 */
export const settingsInputSchema = z.object({
  accountEmail: z.union([z.literal(''), emailSchema]).nullable(),
  organization: z.string().trim().max(200).nullable(),
  emailNotifications: z.boolean(),
  autoScaling: z.boolean(),
  maintenanceMode: z.boolean(),
  requireProductionHealthChecks: z.boolean().optional(),
});
export type SettingsInput = z.infer<typeof settingsInputSchema>;

export const MAINTENANCE_MESSAGE = 'Maintenance mode is on: changes are paused. Try again later.';

export const DELETE_ALL_CONFIRMATION = 'DELETE ALL RESOURCES';

export const deleteAllResourcesInputSchema = z.object({
  confirmation: z.literal(DELETE_ALL_CONFIRMATION, { error: `Type ${DELETE_ALL_CONFIRMATION} to confirm` }),
});

/** What Delete All Resources removed. Users, the catalogue, the registry, templates and settings stay. */
export const deleteAllResourcesResultSchema = z.object({
  tenants: z.number().int(),
  webApps: z.number().int(),
  userProfiles: z.number().int(),
  subscriptions: z.number().int(),
  configurationVersions: z.number().int(),
  meshes: z.number().int(),
  gatewayRoutes: z.number().int(),
  opaPolicies: z.number().int(),
  microfrontendDeployments: z.number().int(),
  capabilityDeployments: z.number().int(),
});
export type DeleteAllResourcesResult = z.infer<typeof deleteAllResourcesResultSchema>;
