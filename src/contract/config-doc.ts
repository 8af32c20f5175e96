import { z } from 'zod';
import { MAX_REQUIRED_APPROVALS } from './approval-policies';
import { environmentSchema, slotSchema, technologySchema } from './common';
import { routeMethodSchema, policyTypeSchema } from './gateway';
import { capabilityStatusSchema } from './capabilities';
import {
  deliveryChannelSchema,
  templateLanguageSchema,
  templateStatusSchema,
} from './notification-templates';
import { microfrontendVersionStatusSchema, moduleTypeSchema } from './microfrontends';
import { tenantStatusSchema } from './tenants';
import { webAppStatusSchema } from './web-apps';

/*
 * Configuration as code (docs/config-as-code.md): a tenant's or the platform's desired state as one
 * document. Resources are named by natural keys (names, slugs, environment + region), never by the ids
 * the server makes; server-owned fields (ids, revisions, timestamps, who/when) stay out, and secrets
 * travel as `{ secretRef }` placeholders.
 */

export const CONFIG_API_VERSION = 'resource-manager/v1';

/**
 * A JSON value that the server keeps as JSON text (a configuration, a schema, a menu item's config).
 * Compared by meaning, not by spelling, so the stored text's whitespace never shows as a change.
 */
const jsonValue = z.unknown();
const nullableText = z.string().nullable();

const requiredApprovals = z.number().int().min(0).max(MAX_REQUIRED_APPROVALS);
export const docApprovalPolicySchema = z.strictObject({
  development: requiredApprovals,
  uat: requiredApprovals,
  production: requiredApprovals,
});

/** The editable tenant fields; JSON-text fields are JSON values here. */
export const docTenantSettingsSchema = z.strictObject({
  description: nullableText,
  status: tenantStatusSchema,
  owner: z.string().min(1),
  developmentEnabled: z.boolean(),
  uatEnabled: z.boolean(),
  productionEnabled: z.boolean(),
  idpProvider: nullableText,
  idpConfiguration: jsonValue,
  authProvider: nullableText,
  authConfiguration: jsonValue,
  apiGatewayConfiguration: jsonValue,
  policyServerConfiguration: jsonValue,
  dataClassification: nullableText,
  dataRetentionRequirements: nullableText,
  dataResidency: nullableText,
  disasterRecoveryRequirements: nullableText,
  privacyLaws: nullableText,
  allowedRegions: z.array(z.string()).nullable(),
  environmentRegionPolicies: jsonValue,
});

/** A capability the tenant subscribes to (one subscription per capability), by the capability's name. */
export const docSubscriptionSchema = z.strictObject({
  capability: z.string().min(1),
  environment: environmentSchema,
  region: z.string().min(1),
});

/** The active configuration of one context: capability, environment and region. */
export const docConfigurationSchema = z.strictObject({
  capability: z.string().min(1),
  environment: environmentSchema,
  region: z.string().min(1),
  configuration: jsonValue,
});

/** An active gateway route; its key is environment, methods and path. */
export const docRouteSchema = z.strictObject({
  environment: environmentSchema,
  capability: z.string().min(1),
  path: z.string().min(1),
  methods: z.array(routeMethodSchema).min(1),
  targetService: z.string().min(1),
  authRequired: z.boolean(),
  rateLimit: z.number().int().positive().nullable(),
});

/** An active OPA policy; its key is environment and name. */
export const docPolicySchema = z.strictObject({
  environment: environmentSchema,
  capability: z.string().min(1),
  name: z.string().min(1),
  description: nullableText,
  policyType: policyTypeSchema,
  policyContent: z.string().min(1),
  enabled: z.boolean(),
});

/** A web app; its key is its name within the tenant. */
export const docWebAppSchema = z.strictObject({
  name: z.string().min(1),
  description: nullableText,
  technology: technologySchema,
  status: webAppStatusSchema,
  environment: environmentSchema,
  region: nullableText,
  url: nullableText,
  useStandardHeader: z.boolean(),
  useStandardFooter: z.boolean(),
});

/** A mesh menu item: the microfrontend version it shows by slug and version, never by id. */
export const docMeshItemSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  microfrontend: z.string().min(1),
  version: z.string().min(1),
  config: z.record(z.string(), z.unknown()),
  order: z.number().int().min(0),
});

/** A web app mesh; its key is its name within the tenant. */
export const docMeshSchema = z.strictObject({
  name: z.string().min(1),
  description: nullableText,
  menuItems: z.array(docMeshItemSchema),
});

/** The versions an environment's blue and green deployment slots hold (blue-green, enabled there). */
export const docSlotsSchema = z.strictObject({
  environment: environmentSchema,
  blueVersion: z.string(),
  greenVersion: z.string(),
});

export const tenantSpecSchema = z.strictObject({
  settings: docTenantSettingsSchema,
  approvalPolicy: docApprovalPolicySchema,
  subscriptions: z.array(docSubscriptionSchema),
  configurations: z.array(docConfigurationSchema),
  routes: z.array(docRouteSchema),
  policies: z.array(docPolicySchema),
  webApps: z.array(docWebAppSchema),
  meshes: z.array(docMeshSchema),
  slots: z.array(docSlotsSchema),
});

export const tenantDocumentSchema = z.strictObject({
  apiVersion: z.literal(CONFIG_API_VERSION),
  kind: z.literal('Tenant'),
  /** The tenant, by its name. */
  metadata: z.strictObject({ name: z.string().min(1) }),
  spec: tenantSpecSchema,
});
export type TenantDocument = z.infer<typeof tenantDocumentSchema>;
export type TenantSpec = z.infer<typeof tenantSpecSchema>;

export const docTemplateSchema = z.strictObject({
  name: z.string().min(1),
  language: templateLanguageSchema,
  deliveryChannel: deliveryChannelSchema,
  subject: nullableText,
  content: z.string().min(1),
  variables: z.array(z.string()),
  status: templateStatusSchema,
});

/** A slot's health check (a capability's or a microfrontend's deployment slot). */
export const docHealthCheckSchema = z.strictObject({
  environment: environmentSchema,
  slot: slotSchema,
  url: z.string().min(1),
  intervalSeconds: z.number().int().nullable(),
});

/** A capability, by name; its templates are keyed by name, language and channel. */
export const docCapabilitySchema = z.strictObject({
  name: z.string().min(1),
  description: nullableText,
  version: nullableText,
  status: capabilityStatusSchema,
  endpoint: nullableText,
  category: nullableText,
  configurationSchema: jsonValue,
  supportsNotificationTemplates: z.boolean(),
  notificationTemplates: z.array(docTemplateSchema),
  healthChecks: z.array(docHealthCheckSchema),
});

export const docMicrofrontendVersionSchema = z.strictObject({
  version: z.string().min(1),
  status: microfrontendVersionStatusSchema,
  entryUrl: nullableText,
  moduleType: moduleTypeSchema,
  exposedModules: jsonValue,
  sharedDependencies: jsonValue,
  defaultConfig: jsonValue,
  buildMetadata: jsonValue,
  integrityHash: nullableText,
});

/** A microfrontend, by slug, with its versions by version string. */
export const docMicrofrontendSchema = z.strictObject({
  slug: z.string().min(1),
  name: z.string().min(1),
  description: nullableText,
  repository: nullableText,
  versions: z.array(docMicrofrontendVersionSchema),
  healthChecks: z.array(docHealthCheckSchema),
});

export const platformSpecSchema = z.strictObject({
  approvalPolicy: docApprovalPolicySchema,
  capabilities: z.array(docCapabilitySchema),
  microfrontends: z.array(docMicrofrontendSchema),
});

export const platformDocumentSchema = z.strictObject({
  apiVersion: z.literal(CONFIG_API_VERSION),
  kind: z.literal('Platform'),
  metadata: z.strictObject({ name: z.string().min(1) }),
  spec: platformSpecSchema,
});
export type PlatformDocument = z.infer<typeof platformDocumentSchema>;
export type PlatformSpec = z.infer<typeof platformSpecSchema>;

export const configDocumentSchema = z.discriminatedUnion('kind', [
  tenantDocumentSchema,
  platformDocumentSchema,
]);
export type ConfigDocument = z.infer<typeof configDocumentSchema>;

/** A secret's placeholder: the value stays on the server; the document only refers to it. */
export const secretRefSchema = z.strictObject({ secretRef: z.string().min(1) });

export * from './config-plan';
