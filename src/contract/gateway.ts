import { z } from 'zod';
import { environmentSchema, idParamSchema, timestampSchema } from './common';
import { offsetListQuerySchemaFor, pageQuerySchema } from './lists';

/**
 * Gateway routes and OPA policies (docs/gateway.md). Both are versioned like configuration versions:
 * a route or policy is a lineage (`lineageId`) of numbered versions, of which at most one is active.
 * Editing adds the next version and activates it; activating an older version switches back; disabling
 * leaves the lineage with no active version; deleting removes every version. Each lineage belongs to
 * one (tenant, capability, environment), and only capabilities the tenant subscribes to qualify.
 *
 * Writes to an existing lineage are conditional: the client sends the lineage's newest version number
 * as `If-Match` (`"3"`), and a stale one gets 412 with the current newest version.
 */

/** HTTP methods a route may expose, in the order forms show them. */
export const routeMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const routeMethodSchema = z.enum(routeMethods);
export type RouteMethod = z.infer<typeof routeMethodSchema>;

/** The spec's sample gateway hint: 1000 requests per minute. */
export const DEFAULT_RATE_LIMIT = 1000;

/** Policy types the console offers; the server accepts these only. */
export const policyTypes = ['authz', 'data-filter', 'rate-limit', 'admission', 'custom'] as const;
export const policyTypeSchema = z.enum(policyTypes);
export type PolicyType = z.infer<typeof policyTypeSchema>;
export const policyTypeNames: Record<PolicyType, string> = {
  authz: 'Authorization',
  'data-filter': 'Data filter',
  'rate-limit': 'Rate limit',
  admission: 'Admission',
  custom: 'Custom',
};

/**
 * Where a promoted version came from (docs/promotion.md): the source version's id, environment and
 * number; null (or absent) when it was created directly, or its source is gone.
 */
export const lineagePromotedFromSchema = z
  .object({ id: z.string(), environment: environmentSchema, version: z.number().int() })
  .nullable()
  .optional();
export type LineagePromotedFrom = z.infer<typeof lineagePromotedFromSchema>;

/** One version of a gateway route. */
/** What every version of a lineage (a route, a policy) carries besides its own fields. */
const lineageVersionFields = {
  version: z.number().int(),
  isActive: z.boolean(),
  createdAt: timestampSchema,
  createdBy: z.string().nullable(),
  promotedFrom: lineagePromotedFromSchema,
  /**
   * The lineage's newest version number: the If-Match a write to the lineage sends. Lists answer it
   * (the listed version may be an older one that was re-activated); history and writes may omit it.
   */
  latestVersion: z.number().int().optional(),
};

export const gatewayRouteSchema = z.object({
  id: z.string(),
  lineageId: z.string(),
  tenantId: z.string(),
  capabilityId: z.string(),
  environment: environmentSchema,
  path: z.string(),
  methods: z.array(routeMethodSchema),
  targetService: z.string(),
  authRequired: z.boolean(),
  /** Requests per minute; null means no limit. */
  rateLimit: z.number().int().nullable(),
  ...lineageVersionFields,
});
export type GatewayRoute = z.infer<typeof gatewayRouteSchema>;

/**
 * Kong turns `{param}` into a PCRE named group, and PCRE (8.x, as Kong builds link it) refuses group
 * names over 32 characters and the same name twice in one pattern.
 */
export const MAX_PATH_PARAM_LENGTH = 32;

/** A literal path segment, or a `{param}` placeholder. */
const PATH_SEGMENT = /^(?:[A-Za-z0-9\-_.~]+|\{[A-Za-z_][A-Za-z0-9_]*\})$/;

function paramProblem(segments: string[]): string | undefined {
  const names = segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
  const long = names.find((name) => name.length > MAX_PATH_PARAM_LENGTH);
  if (long !== undefined) {
    return `Parameter name ${long} is longer than ${MAX_PATH_PARAM_LENGTH} characters`;
  }
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  return twice === undefined ? undefined : `Parameter {${twice}} appears twice`;
}

/**
 * What is wrong with a route path, or undefined: starts with `/`; segments of letters, digits, `-`, `_`,
 * `.`, `~` or a `{param}` (a name of at most 32 characters, once per path); no `//`, `.` or `..`
 * segment, trailing `/` or query. Shared by the API (400 naming `path`) and the route form.
 */
export function routePathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'Must start with /';
  if (path === '/') return undefined;
  if (path.endsWith('/')) return 'Must not end with /';
  if (path.includes('//')) return 'Must not contain //';
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s === '.' || s === '..')) return 'Must not contain . or .. segments';
  const bad = segments.find((s) => !PATH_SEGMENT.test(s));
  if (bad !== undefined) {
    return `Invalid segment "${bad}": use letters, digits, - _ . ~ or a {param} placeholder`;
  }
  return paramProblem(segments);
}

/** The editable fields of a route: creating sends them with its capability and environment. */
export const routeFieldsSchema = z.object({
  /** The rules of routePathProblem. */
  path: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .superRefine((path, ctx) => {
      const problem = routePathProblem(path);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  methods: z.array(routeMethodSchema).min(1).max(routeMethods.length),
  /** An http(s) URL or a host name with an optional port. */
  targetService: z.string().trim().min(1).max(2000),
  authRequired: z.boolean().default(true),
  rateLimit: z.number().int().positive().max(1_000_000).nullable().default(DEFAULT_RATE_LIMIT),
});
export type RouteFields = z.infer<typeof routeFieldsSchema>;

export const createRouteBodySchema = routeFieldsSchema.extend({
  capabilityId: idParamSchema,
  environment: environmentSchema,
});
export type CreateRouteBody = z.infer<typeof createRouteBodySchema>;

/** One version of an OPA policy. */
export const opaPolicySchema = z.object({
  id: z.string(),
  lineageId: z.string(),
  tenantId: z.string(),
  capabilityId: z.string(),
  environment: environmentSchema,
  name: z.string(),
  description: z.string().nullable(),
  policyType: policyTypeSchema,
  /** Rego source. */
  policyContent: z.string(),
  enabled: z.boolean(),
  ...lineageVersionFields,
});
export type OpaPolicy = z.infer<typeof opaPolicySchema>;

export const policyFieldsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  policyType: policyTypeSchema,
  policyContent: z.string().min(1).max(200_000),
  enabled: z.boolean().default(true),
});
export type PolicyFields = z.infer<typeof policyFieldsSchema>;

export const createPolicyBodySchema = policyFieldsSchema.extend({
  capabilityId: idParamSchema,
  environment: environmentSchema,
});
export type CreatePolicyBody = z.infer<typeof createPolicyBodySchema>;

/**
 * A package segment a tenant may call its own, from its id (`tenant-001` gives `tenant_001`): packages
 * are unique across tenants (docs/gateway.md), so the console suggests `tenants.<this>...`.
 */
export function tenantPackageName(tenantId: string): string {
  const name = tenantId.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `t_${name}`;
}

/** A Rego problem found on save, with its 1-based line, so editors can mark it. */
export const regoProblemSchema = z.object({
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  message: z.string(),
});
export type RegoProblem = z.infer<typeof regoProblemSchema>;

export const gatewayRouteSortFields = ['path', 'capabilityId', 'targetService', 'createdAt'] as const;
export const opaPolicySortFields = ['name', 'policyType', 'capabilityId', 'createdAt'] as const;

/**
 * GET /api/tenants/:tenantId/gateway-routes and .../opa-policies: the current version of each lineage
 * (the active one, or the newest when disabled) in one environment, optionally of one capability,
 * paged, sorted and searched (path/target or name) as every list (docs/lists.md).
 */
export const gatewayRouteListQuerySchema = offsetListQuerySchemaFor(gatewayRouteSortFields).extend({
  environment: environmentSchema,
  capabilityId: idParamSchema.optional(),
});
export type GatewayRouteListQuery = z.infer<typeof gatewayRouteListQuerySchema>;

export const opaPolicyListQuerySchema = offsetListQuerySchemaFor(opaPolicySortFields).extend({
  environment: environmentSchema,
  capabilityId: idParamSchema.optional(),
});
export type OpaPolicyListQuery = z.infer<typeof opaPolicyListQuerySchema>;

/**
 * POST .../gateway-routes/:lineageId/promote (and .../opa-policies/...): the lineage's active version
 * becomes the next active version of the matching lineage of the next environment (development to
 * uat, uat to production), or version 1 of a new one (docs/promotion.md).
 */
export const promoteLineageBodySchema = z.object({ targetEnvironment: environmentSchema });
export type PromoteLineageBody = z.infer<typeof promoteLineageBodySchema>;

/** GET .../:lineageId/promotion-target?targetEnvironment=: where a promotion would go, read-only. */
export const promotionTargetQuerySchema = promoteLineageBodySchema;

/**
 * The lineage of the target environment earlier promotions of this one went to, its newest version
 * number and its active version; all null when a promotion would create a new lineage.
 */
const promotionTargetFields = {
  lineageId: z.string().nullable(),
  latestVersion: z.number().int().nullable(),
};
export const routePromotionTargetSchema = z.object({
  ...promotionTargetFields,
  active: gatewayRouteSchema.nullable(),
});
export const policyPromotionTargetSchema = z.object({
  ...promotionTargetFields,
  active: opaPolicySchema.nullable(),
});
export type PromotionTarget<T> = { lineageId: string | null; latestVersion: number | null; active: T | null };

/** History of one lineage, newest first. */
export const lineageHistoryQuerySchema = pageQuerySchema;

export const tenantLineageParamsSchema = z.object({ tenantId: idParamSchema, lineageId: idParamSchema });
export const tenantVersionParamsSchema = z.object({ tenantId: idParamSchema, versionId: idParamSchema });
export const tenantEnvironmentParamsSchema = z.object({
  tenantId: idParamSchema,
  environment: environmentSchema,
});

/** A capability routes and policies may name: the tenant subscribes to it in the environment. */
export const subscribedCapabilitySchema = z.object({ id: z.string(), name: z.string() });
export type SubscribedCapability = z.infer<typeof subscribedCapabilitySchema>;

/**
 * Who loads the Kong declarative file: decK (`_info.select_tags` scope a sync to the tenant's
 * environment) or Kong in DB-less mode (`KONG_DECLARATIVE_CONFIG`, `POST /config`), which refuses `_info`.
 */
export const kongTargets = ['deck', 'dbless'] as const;
export type KongTarget = (typeof kongTargets)[number];

/** GET .../gateway/:environment/declarative?target=deck|dbless (deck when left out). */
export const declarativeQuerySchema = z.object({ target: z.enum(kongTargets).default('deck') });

/** Paths of the API, shared by the server's routes and the client's fetchers. */
export const gatewayPaths = {
  routes: (tenantId: string) => `/api/tenants/${tenantId}/gateway-routes`,
  policies: (tenantId: string) => `/api/tenants/${tenantId}/opa-policies`,
  /** The capabilities the tenant subscribes to in an environment, by name (the dialogs' picker). */
  capabilities: (tenantId: string, environment: string) =>
    `/api/tenants/${tenantId}/gateway/${environment}/capabilities`,
  /** Kong declarative configuration of the active routes (`?target=deck|dbless`); YAML, or JSON by Accept. */
  declarative: (tenantId: string, environment: string) =>
    `/api/tenants/${tenantId}/gateway/${environment}/declarative`,
  /** OPA bundle of the active, enabled policies, with an ETag for If-None-Match polling. */
  bundle: (tenantId: string, environment: string) =>
    `/api/tenants/${tenantId}/policies/${environment}/bundle.tar.gz`,
} as const;
