import { eq } from 'drizzle-orm';
import { loweredEnvironments, type Change } from '../../../contract/changes';
import { environments, type Environment } from '../../../contract/common';
import type { Transaction } from '../../db/client';
import { tenants } from '../../db/schema';
import { notFound } from '../../errors';
import { getApprovalPolicy, setApprovalPolicy } from '../policy';
import type { ChangeHandler } from './types';

type PolicyChange = Extract<Change, { kind: 'approval_policy.set' }>;

/** Whose policy: the tenant's name (404 when it is gone), or the platform. */
async function ownerName(tx: Transaction, tenantId: string | null): Promise<string> {
  if (tenantId === null) return 'the platform';
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('Tenant');
  return row.name;
}

/**
 * The environment a policy change is filed under: the most sensitive one it lowers, or else the most
 * sensitive one it changes (production when it changes none).
 */
function environmentOf(before: Record<Environment, number>, after: Record<Environment, number>) {
  const changed = [...environments]
    .reverse()
    .filter((environment) => before[environment] !== after[environment]);
  return loweredEnvironments(before, after)[0] ?? changed[0] ?? 'production';
}

/**
 * A change of a tenant's or the platform's approval policy (docs/changes.md "Approval policies").
 * Its direct PUT refuses a lowering, which comes here: only global administrators ask for it and review
 * it (reviewers.ts), with one approval from someone other than the requester whatever the policy says,
 * and no bypass. The fingerprint is the current policy, so a policy changed meanwhile makes it stale.
 */
export const approvalPolicySet: ChangeHandler<PolicyChange> = {
  async target(tx, change) {
    const name = await ownerName(tx, change.tenantId);
    const { requiredApprovals: before } = await getApprovalPolicy(tx, change.tenantId);
    const after = change.body.requiredApprovals;
    const environment = environmentOf(before, after);
    const verb = loweredEnvironments(before, after).length > 0 ? 'Lower' : 'Change';
    return {
      scope: change.tenantId,
      environment,
      action: null,
      title: `${verb} the approval policy of ${name}: ${environment} ${before[environment]} → ${after[environment]}`,
    };
  },
  async snapshot(tx, change) {
    await ownerName(tx, change.tenantId);
    const { requiredApprovals: before } = await getApprovalPolicy(tx, change.tenantId);
    return {
      fingerprint: JSON.stringify(before),
      diff: environments.map((environment) => ({
        label: environment,
        before: before[environment],
        after: change.body.requiredApprovals[environment],
      })),
    };
  },
  async apply(tx, change, actor) {
    await setApprovalPolicy(tx, change.tenantId, change.body, actor, { approved: true });
  },
};
