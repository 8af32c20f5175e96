import { z } from 'zod';
import { approvalPolicyBodySchema, approvalPolicySchema } from '../../contract/changes';
import { idParamSchema } from '../../contract/common';
import { requestActor } from '../auth/guard';
import { adminOnly, onTenant, signedIn, tenantFromParam } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { getApprovalPolicy, setApprovalPolicy } from './policy';

const tags = ['change requests'];
const policyReply = { 200: approvalPolicySchema, ...errorResponses(400, 401, 403, 404) };
const tenantParams = z.object({ tenantId: idParamSchema });

/** How many approvals changes need: a tenant's policy, and the platform's (docs/changes.md). */
export function approvalPolicyRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/tenants/:tenantId/approval-policy',
    {
      config: { permission: onTenant('read', tenantFromParam('tenantId'), 'Tenant') },
      schema: {
        tags,
        summary: 'How many approvals each environment’s changes of a tenant need',
        params: tenantParams,
        response: policyReply,
      },
    },
    async (request) => getApprovalPolicy(db, request.params.tenantId),
  );

  app.put(
    '/api/tenants/:tenantId/approval-policy',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary:
          'Set a tenant’s approval policy (global administrators: a tenant cannot waive its own reviews)',
        params: tenantParams,
        body: approvalPolicyBodySchema,
        response: policyReply,
      },
    },
    async (request) => setApprovalPolicy(db, request.params.tenantId, request.body, requestActor(request)),
  );

  app.get(
    '/api/approval-policy',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'How many approvals platform changes (shared capabilities and deployments) need',
        response: policyReply,
      },
    },
    async () => getApprovalPolicy(db, null),
  );

  app.put(
    '/api/approval-policy',
    {
      config: { permission: adminOnly },
      schema: {
        tags,
        summary: 'Set the platform’s approval policy',
        body: approvalPolicyBodySchema,
        response: policyReply,
      },
    },
    async (request) => setApprovalPolicy(db, null, request.body, requestActor(request)),
  );
}
