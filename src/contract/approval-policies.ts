import { z } from 'zod';
import { environments, timestampSchema, type Environment } from './common';

/*
 * Approval policies (docs/changes.md): how many approvals a change to each environment needs, per
 * tenant or for the platform. What a request changes and how it is reviewed is in changes.ts.
 */

/** The most approvals a policy may ask for. */
export const MAX_REQUIRED_APPROVALS = 5;
/** The default policy: production needs one approval, the other environments none. */
export const DEFAULT_REQUIRED_APPROVALS = { development: 0, uat: 0, production: 1 } as const;

const requiredApprovalsSchema = z
  .number()
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .max(MAX_REQUIRED_APPROVALS, `Must be at most ${MAX_REQUIRED_APPROVALS}`);

/** GET/PUT /api/tenants/:tenantId/approval-policy and /api/approval-policy (the platform's). */
export const approvalPolicySchema = z.object({
  tenantId: z.string().nullable(),
  requiredApprovals: z.object({
    development: requiredApprovalsSchema,
    uat: requiredApprovalsSchema,
    production: requiredApprovalsSchema,
  }),
  updatedAt: timestampSchema.nullable(),
  updatedBy: z.string().nullable(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;
export const approvalPolicyBodySchema = approvalPolicySchema.pick({ requiredApprovals: true });
export type ApprovalPolicyBody = z.infer<typeof approvalPolicyBodySchema>;
type RequiredApprovals = ApprovalPolicy['requiredApprovals'];

/**
 * The environments whose requirement `next` lowers, most sensitive first. Lowering a policy is itself
 * a change that another global administrator approves (kind approval_policy.set); raising applies at once.
 */
export function loweredEnvironments(current: RequiredApprovals, next: RequiredApprovals): Environment[] {
  return [...environments].reverse().filter((environment) => next[environment] < current[environment]);
}
