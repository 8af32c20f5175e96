import { and, ne, sql } from 'drizzle-orm';
import type { Environment } from '../../contract/common';
import {
  createPolicyBodySchema,
  opaPolicyListQuerySchema,
  opaPolicySchema,
  policyFieldsSchema,
  policyPromotionTargetSchema,
  tenantPackageName,
  type PolicyFields,
} from '../../contract/gateway';
import type { Executor, Transaction } from '../db/client';
import { opaPolicies } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { POLICIES } from './lineage-http';
import type { LineageEntry } from './lineage-entry';
import type { Candidate, FieldsOf, LineageKind } from './lineage-kind';
import { activeVersions } from './lineage-reads';
import { lineageService } from './lineage-service';
import { checkRego } from '../rego/check';

/** OPA policies (docs/gateway.md): versioned lineages of Rego source. */

/** A stored policy version. */
export type PolicyRow = typeof opaPolicies.$inferSelect;

/** The package a stored policy declares (even one saved before today's check, which it may fail). */
export function packageOf(policy: Pick<PolicyRow, 'policyContent'>): string | undefined {
  return checkRego(policy.policyContent).declaredPackage;
}

/** Checks a policy's fields: its Rego must pass the check OPA would make, each problem with its position. */
export function checkPolicyFields(fields: PolicyFields): FieldsOf<PolicyRow> {
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
async function assertPackageOwn(tx: Transaction, policy: Candidate<PolicyRow>, pkg: string): Promise<void> {
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
async function assertPackageFree(tx: Transaction, policy: Candidate<PolicyRow>): Promise<void> {
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

export const policyKind: LineageKind<PolicyRow> = {
  table: opaPolicies,
  label: 'OPA policy',
  action: 'opa_policy',
  resourceType: 'opa-policy',
  fields: ['name', 'description', 'policyType', 'policyContent', 'enabled'],
  assertCanBeActive: assertPackageFree,
};

export const policyService = lineageService(policyKind, {
  check: checkPolicyFields,
  search: [opaPolicies.name, opaPolicies.description],
  sortColumns: {
    name: opaPolicies.name,
    policyType: opaPolicies.policyType,
    capabilityId: opaPolicies.capabilityId,
    createdAt: opaPolicies.createdAt,
  },
  defaultSort: 'name',
});

/** The policies OPA enforces for one tenant and environment: active and enabled. */
export async function servedPolicies(db: Executor, tenantId: string, environment: Environment) {
  return (await policyService.active(db, tenantId, environment)).filter((p) => p.enabled);
}

/** OPA policies as a lineage: their endpoints, schemas and what reviewers see of a change. */
export const policyLineage: LineageEntry = {
  prefix: 'opa_policy',
  path: POLICIES,
  tag: 'opa policies',
  noun: 'policy',
  texts: {
    search: 'name or description',
    created: '; its Rego is checked (400 issues carry the line)',
    edited: '; Rego checked as on create',
    disabled: 'the bundle leaves it out',
  },
  schemas: {
    item: opaPolicySchema,
    listQuery: opaPolicyListQuerySchema,
    createBody: createPolicyBodySchema,
    fields: policyFieldsSchema,
    promotionTarget: policyPromotionTargetSchema,
  },
  service: policyService,
  review: {
    label: policyKind.label,
    fields: ['capabilityId', 'name', 'description', 'policyType', 'policyContent', 'enabled'],
    name: (view) => String(view.name ?? ''),
    editDefaults: { description: null },
  },
};
