import type { QueryClient } from '@tanstack/react-query';
import type { LineagePrefix } from '@contract/change-kinds';
import type { Environment } from '@contract/common';
import type {
  CreatePolicyBody,
  CreateRouteBody,
  GatewayRoute,
  gatewayRouteSortFields,
  OpaPolicy,
  opaPolicySortFields,
  PolicyFields,
  RouteFields,
} from '@contract/gateway';
import { gatewayPaths } from '@contract/gateway';
import type { SortValue } from '@contract/lists';
import type { AuditResourceType } from '@contract/resource-types';
import { invalidateWritten } from '@/lib/resource-effects';

/**
 * The versioned resources of the Gateway & Policies tab, each a list of lineages: a version's row, the
 * fields an edit sends, the body a create sends and the fields its list sorts by.
 */
type LineageTypes = {
  routes: {
    row: GatewayRoute;
    fields: RouteFields;
    create: CreateRouteBody;
    sort: (typeof gatewayRouteSortFields)[number];
  };
  policies: {
    row: OpaPolicy;
    fields: PolicyFields;
    create: CreatePolicyBody;
    sort: (typeof opaPolicySortFields)[number];
  };
};
export type LineageKind = keyof LineageTypes;
export type LineageOf<K extends LineageKind> = LineageTypes[K]['row'];
export type FieldsOf<K extends LineageKind> = LineageTypes[K]['fields'];
export type CreateBodyOf<K extends LineageKind> = LineageTypes[K]['create'];
export type SortFieldOf<K extends LineageKind> = LineageTypes[K]['sort'];
export type AnyLineage = LineageOf<LineageKind>;

/** A list's query: one environment (optionally one capability), searched, sorted and paged. */
export type LineageListQuery<K extends LineageKind> = {
  environment: Environment;
  capabilityId?: string;
  q?: string;
  sort?: SortValue<SortFieldOf<K>>;
  limit?: number;
  offset?: number;
};

/** The dialogs' picker of subscribed capabilities: one root, then tenant, then environment. */
const SUBSCRIBED_CAPABILITIES = gatewayPaths.capabilities(':tenantId', ':environment');

/**
 * Each lineage kind of the tab, once: its collection path and its prefix among the change kinds. A
 * third kind in LineageTypes does not compile until it has its entry here.
 */
export const lineageKinds: {
  [K in LineageKind]: {
    path: (tenantId: string) => string;
    changePrefix: LineagePrefix;
    /** The type its writes are audited as (src/contract/resource-types.ts). */
    resourceType: AuditResourceType;
  };
} = {
  routes: { path: gatewayPaths.routes, changePrefix: 'gateway_route', resourceType: 'gateway-route' },
  policies: { path: gatewayPaths.policies, changePrefix: 'opa_policy', resourceType: 'opa-policy' },
};

const base = (kind: LineageKind, tenantId: string) => lineageKinds[kind].path(tenantId);
const seg = encodeURIComponent;

/**
 * Every path the tab calls. The contract names the collection and artifact paths; the per-lineage ones
 * are the server's (src/server/gateway/lineage-routes.ts): GET history and POST an edit on `versions`.
 */
export const lineagePaths = {
  collection: base,
  lineage: (kind: LineageKind, tenantId: string, lineageId: string) =>
    `${base(kind, tenantId)}/${seg(lineageId)}`,
  history: (kind: LineageKind, tenantId: string, lineageId: string) =>
    `${base(kind, tenantId)}/${seg(lineageId)}/versions`,
  activate: (kind: LineageKind, tenantId: string, versionId: string) =>
    `${base(kind, tenantId)}/versions/${seg(versionId)}/activate`,
  disable: (kind: LineageKind, tenantId: string, lineageId: string) =>
    `${base(kind, tenantId)}/${seg(lineageId)}/disable`,
  promote: (kind: LineageKind, tenantId: string, lineageId: string) =>
    `${base(kind, tenantId)}/${seg(lineageId)}/promote`,
  promotionTarget: (kind: LineageKind, tenantId: string, lineageId: string) =>
    `${base(kind, tenantId)}/${seg(lineageId)}/promotion-target`,
};

/**
 * The only place a gateway query key is built. Lineage keys start with the tenant's collection path, so
 * one prefix invalidation refreshes a kind's lists and histories in every environment.
 */
export const gatewayKeys = {
  all: (kind: LineageKind, tenantId: string) => [base(kind, tenantId)] as const,
  lists: (kind: LineageKind, tenantId: string) => [...gatewayKeys.all(kind, tenantId), 'list'] as const,
  list: (kind: LineageKind, tenantId: string, query: object) =>
    [...gatewayKeys.lists(kind, tenantId), query] as const,
  history: (kind: LineageKind, tenantId: string, lineageId: string) =>
    [...gatewayKeys.all(kind, tenantId), 'history', lineageId] as const,
  promotionTarget: (kind: LineageKind, tenantId: string, lineageId: string, environment: string) =>
    [...gatewayKeys.all(kind, tenantId), 'promotion-target', lineageId, environment] as const,
  /** What a tenant subscribes to in one environment; a configuration version's write changes it. */
  subscribedCapabilities: (tenantId: string, environment: Environment) =>
    [SUBSCRIBED_CAPABILITIES, tenantId, environment] as const,
  /** The picker's reads of one tenant (every environment), or of every tenant when `tenantId` is null. */
  subscribedCapabilitiesOf: (tenantId: string | null) =>
    tenantId === null ? ([SUBSCRIBED_CAPABILITIES] as const) : ([SUBSCRIBED_CAPABILITIES, tenantId] as const),
};

/** After any write to a route or policy: that kind's lists and histories of the tenant refetch. */
export async function invalidateLineages(
  queryClient: QueryClient,
  kind: LineageKind,
  tenantId: string,
): Promise<void> {
  await invalidateWritten(queryClient, lineageKinds[kind].resourceType, { tenantId });
}
