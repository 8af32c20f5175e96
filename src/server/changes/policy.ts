import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_REQUIRED_APPROVALS,
  loweredEnvironments,
  type ApprovalPolicy,
  type ApprovalPolicyBody,
} from '../../contract/changes';
import { environments, type Environment } from '../../contract/common';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { approvalPolicies } from '../db/schema';
import { AppError, notFound } from '../errors';
import { lockTenant } from '../locks';

/** Serialises writes of the platform policy, which has no row of its own to lock. */
const PLATFORM_POLICY_LOCK = 7_140_001;

/** A tenant's policy, or the platform's (null): the scope of shared capabilities and deployments. */
export type PolicyScope = string | null;

const inScope = (scope: PolicyScope) =>
  scope === null ? isNull(approvalPolicies.tenantId) : eq(approvalPolicies.tenantId, scope);

/** The policy of a scope: its saved rows over the default (production one approval, others none). */
export async function getApprovalPolicy(db: Executor, scope: PolicyScope): Promise<ApprovalPolicy> {
  const rows = await db.select().from(approvalPolicies).where(inScope(scope));
  const requiredApprovals: ApprovalPolicy['requiredApprovals'] = { ...DEFAULT_REQUIRED_APPROVALS };
  let updatedAt: string | null = null;
  let updatedBy: string | null = null;
  for (const row of rows) {
    requiredApprovals[row.environment] = row.requiredApprovals;
    if (updatedAt === null || row.updatedAt > updatedAt) {
      updatedAt = row.updatedAt;
      updatedBy = row.updatedBy;
    }
  }
  return { tenantId: scope, requiredApprovals, updatedAt, updatedBy };
}

export async function requiredApprovalsFor(
  db: Executor,
  scope: PolicyScope,
  environment: Environment,
): Promise<number> {
  const [row] = await db
    .select({ n: approvalPolicies.requiredApprovals })
    .from(approvalPolicies)
    .where(and(inScope(scope), eq(approvalPolicies.environment, environment)));
  return row?.n ?? DEFAULT_REQUIRED_APPROVALS[environment];
}

/**
 * Refuses a direct write that lowers any environment's requirement: lowering is how four eyes would be
 * waived silently (set 0, write, set back), so it is a change request another global administrator
 * approves (kinds/approval-policy.ts). Raising or keeping applies directly.
 */
function assertNotLowering(before: ApprovalPolicy, body: ApprovalPolicyBody): void {
  const lowered = loweredEnvironments(before.requiredApprovals, body.requiredApprovals);
  if (lowered.length === 0) return;
  throw new AppError(
    'APPROVAL_REQUIRED',
    `Lowering the approvals ${lowered.join(', ')} changes need must be approved by another global administrator: request the change instead`,
  );
}

/**
 * Replaces a scope's policy (global administrators only; see the routes), audited with before and after.
 * A lowering is refused unless it comes from an approved change request (`approved`).
 */
export async function setApprovalPolicy(
  db: Database,
  scope: PolicyScope,
  body: ApprovalPolicyBody,
  actor: Actor,
  { approved = false }: { approved?: boolean } = {},
): Promise<ApprovalPolicy> {
  return db.transaction(async (tx) => {
    if (scope === null) {
      await tx.execute(sql`select pg_advisory_xact_lock(${PLATFORM_POLICY_LOCK})`);
    } else if (!(await lockTenant(tx, scope, 'no key update'))) {
      throw notFound('Tenant');
    }
    const before = await getApprovalPolicy(tx, scope);
    if (!approved) assertNotLowering(before, body);
    await tx.delete(approvalPolicies).where(inScope(scope));
    await tx.insert(approvalPolicies).values(
      environments.map((environment) => ({
        tenantId: scope,
        environment,
        requiredApprovals: body.requiredApprovals[environment],
        updatedBy: actor.email,
      })),
    );
    await recordAudit(tx, actor, {
      action: 'approval_policy.update',
      resourceType: scope === null ? 'platform' : 'tenant',
      resourceId: scope,
      tenantId: scope,
      changes: { before: before.requiredApprovals, after: body.requiredApprovals },
    });
    return getApprovalPolicy(tx, scope);
  });
}

/**
 * The refusal of a direct write that the scope's policy turns into a change request (apply-direct.ts):
 * the client sends the same change to POST /api/change-requests instead (the dialogs say "Request change").
 */
export function approvalRequired(scope: PolicyScope, environment: Environment, required: number): AppError {
  const who = scope === null ? 'Platform' : 'This tenant’s';
  return new AppError(
    'APPROVAL_REQUIRED',
    `${who} ${environment} changes need ${required === 1 ? 'an approval' : `${required} approvals`}: request the change instead`,
  );
}
