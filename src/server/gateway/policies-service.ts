import { and, ne, sql } from 'drizzle-orm';
import type { Environment } from '../../contract/common';
import type { ExpectedRevision } from '../revisions';
import {
  tenantPackageName,
  type CreatePolicyBody,
  type OpaPolicy,
  type OpaPolicyListQuery,
  type PolicyFields,
} from '../../contract/gateway';
import type { PageQuery } from '../../contract/lists';
import type { Actor } from '../auth/viewer';
import type { Database, Executor, Transaction } from '../db/client';
import { containsAny, orderByFor } from '../db/list';
import { opaPolicies } from '../db/schema';
import { badRequest, conflict } from '../errors';
import {
  activateVersion,
  activeVersions,
  appendVersion,
  createLineage,
  deleteLineage,
  disableLineage,
  listCurrent,
  listHistory,
  promoteLineage,
  promotionTarget,
  type LineageKind,
  type WithLatest,
} from './lineage';
import { checkRego } from './rego-check';

/** OPA policies (docs/gateway.md): versioned lineages of Rego source. */

/** The package a stored policy declares (even one saved before today's check, which it may fail). */
export function packageOf(policy: Pick<OpaPolicy, 'policyContent'>): string | undefined {
  return checkRego(policy.policyContent).declaredPackage;
}

/** Checks a policy's fields: its Rego must pass the check OPA would make, each problem with its position. */
export function checkPolicyFields(fields: PolicyFields): PolicyFields {
  const { problems } = checkRego(fields.policyContent);
  if (problems.length > 0) {
    const first = problems[0];
    throw badRequest(
      `policyContent: line ${first?.line}, column ${first?.column}: ${first?.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
      problems.map((p) => ({
        path: 'body.policyContent',
        message: `Line ${p.line}, column ${p.column}: ${p.message}`,
        line: p.line,
        column: p.column,
      })),
    );
  }
  return { ...fields, description: fields.description?.trim() ? fields.description : null };
}

/**
 * One transaction-scoped advisory lock for every policy write of every tenant: the cross-tenant package
 * check reads other tenants' rows, which their own tenant locks do not cover, so two tenants saving the
 * same package at once queue here and the second sees the first. Taken after the tenant lock (the order
 * of docs/concurrency.md), by nothing else.
 */
const PACKAGE_ROOTS_LOCK = 727_201;

/** Where the console puts each bundle's data (`resource_manager/<tenant>/<environment>`, opa-bundle.ts). */
const DATA_ROOT = 'resource_manager';

/**
 * The package a stored policy declares, read in SQL: saved policies passed the check, so the first
 * statement after comments and blank lines is `package a.b.c` (identifier segments).
 */
const DECLARED_PACKAGE = String.raw`^(?:\s|#[^\n]*)*package\s+([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)`;

function overlapMessage(pkg: string, tenantId: string, what: string): string {
  const tail = pkg.split('.').at(-1) ?? 'authz';
  return `The package ${pkg} overlaps ${what}: choose a package under a name of your own, e.g. tenants.${tenantPackageName(tenantId)}.${tail}`;
}

/**
 * A tenant's packages are its own: one OPA may poll several tenants' bundles, and it refuses a bundle
 * whose roots overlap another's. So no package of another tenant (any version, any environment, enabled
 * or not) may equal this one, contain it or lie inside it, segment by segment; and nothing may lie under
 * the data root the console serves each tenant's data under. The message does not say whose it is.
 */
async function assertPackageOwn(tx: Transaction, policy: OpaPolicy, pkg: string): Promise<void> {
  if (pkg === DATA_ROOT || pkg.startsWith(`${DATA_ROOT}.`)) {
    throw conflict(
      overlapMessage(pkg, policy.tenantId, `the bundle data the console serves under ${DATA_ROOT}`),
    );
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${PACKAGE_ROOTS_LOCK})`);
  const declared = sql<string>`substring(${opaPolicies.policyContent} from ${DECLARED_PACKAGE})`;
  const [used] = await tx
    .select({ id: opaPolicies.id })
    .from(opaPolicies)
    .where(
      and(
        ne(opaPolicies.tenantId, policy.tenantId),
        sql`(${declared} = ${pkg} or starts_with(${declared}, ${`${pkg}.`}) or starts_with(${pkg}, ${declared} || '.'))`,
      ),
    )
    .limit(1);
  if (used) throw conflict(overlapMessage(pkg, policy.tenantId, 'a package another tenant uses'));
}

/**
 * No two active, enabled policies of one tenant and environment declare the same package: the bundle
 * holds one file per package, and OPA would merge their rules. A disabled (enabled: false) policy is
 * not served, so it does not count. And no other tenant uses the package (assertPackageOwn). The caller
 * holds the tenant lock.
 */
async function assertPackageFree(tx: Transaction, policy: OpaPolicy): Promise<void> {
  const pkg = packageOf(policy);
  if (pkg) await assertPackageOwn(tx, policy, pkg);
  if (!policy.enabled) return;
  const active = await activeVersions(tx, policyKind, policy.tenantId, policy.environment);
  const clash = active.find(
    (other) => other.enabled && other.lineageId !== policy.lineageId && packageOf(other) === pkg,
  );
  if (clash) {
    throw conflict(
      `Package ${pkg} is already declared by the active policy "${clash.name}" of this tenant in ${policy.environment}`,
    );
  }
}

export const policyKind: LineageKind<OpaPolicy> = {
  table: opaPolicies,
  label: 'OPA policy',
  action: 'opa_policy',
  resourceType: 'opa-policy',
  fields: ['name', 'description', 'policyType', 'policyContent', 'enabled'],
  assertCanBeActive: assertPackageFree,
};

const sortColumns = {
  name: opaPolicies.name,
  policyType: opaPolicies.policyType,
  capabilityId: opaPolicies.capabilityId,
  createdAt: opaPolicies.createdAt,
};

export function listPolicies(db: Executor, tenantId: string, query: OpaPolicyListQuery) {
  return listCurrent(
    db,
    policyKind,
    {
      tenantId,
      environment: query.environment,
      capabilityId: query.capabilityId,
      search: containsAny(query.q, [opaPolicies.name, opaPolicies.description]),
    },
    orderByFor(query.sort, 'name', sortColumns, opaPolicies.id),
    query,
  );
}

export const policyHistory = (db: Executor, tenantId: string, lineageId: string, query: PageQuery) =>
  listHistory(db, policyKind, tenantId, lineageId, query);

export function createPolicy(
  db: Database,
  tenantId: string,
  body: CreatePolicyBody,
  actor: Actor,
): Promise<WithLatest<OpaPolicy>> {
  const { capabilityId, environment, ...fields } = body;
  const checked = checkPolicyFields(fields);
  return createLineage(
    db,
    policyKind,
    tenantId,
    { ...checked, description: checked.description ?? null, capabilityId, environment },
    actor,
  );
}

export function editPolicy(
  db: Database,
  ids: { tenantId: string; lineageId: string },
  fields: PolicyFields,
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
) {
  const checked = checkPolicyFields(fields);
  return appendVersion(
    db,
    policyKind,
    ids,
    { ...checked, description: checked.description ?? null },
    actor,
    expectedVersion,
  );
}

export const activatePolicy = (
  db: Database,
  ids: { tenantId: string; versionId: string },
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
) => activateVersion(db, policyKind, ids, actor, expectedVersion);

export const disablePolicy = (
  db: Database,
  ids: { tenantId: string; lineageId: string },
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
) => disableLineage(db, policyKind, ids, actor, expectedVersion);

export const deletePolicy = (
  db: Database,
  ids: { tenantId: string; lineageId: string },
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
) => deleteLineage(db, policyKind, ids, actor, expectedVersion);

/** The policies OPA enforces for one tenant and environment: active and enabled. */
export async function servedPolicies(db: Executor, tenantId: string, environment: Environment) {
  return (await activeVersions(db, policyKind, tenantId, environment)).filter((p) => p.enabled);
}

/** Promotes the lineage's active version to the next environment (docs/promotion.md). */
export const promotePolicy = (
  db: Database,
  ids: { tenantId: string; lineageId: string },
  targetEnvironment: Environment,
  actor: Actor,
) => promoteLineage(db, policyKind, ids, targetEnvironment, actor);

/** Where promoting the lineage would go: the matching target lineage and its active version. */
export const policyPromotionTarget = (
  db: Executor,
  ids: { tenantId: string; lineageId: string },
  targetEnvironment: Environment,
) => promotionTarget(db, policyKind, ids, targetEnvironment);
