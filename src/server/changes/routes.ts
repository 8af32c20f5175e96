import { z } from 'zod';
import {
  approvalPolicyBodySchema,
  approvalPolicySchema,
  changeRequestDetailSchema,
  type ChangeRequestDetail,
  changeRequestQuerySchema,
  changeRequestSchema,
  changeSummarySchema,
  commentBodySchema,
  createChangeRequestBodySchema,
  rejectBodySchema,
  reviewBodySchema,
  scheduleBodySchema,
} from '../../contract/changes';
import { idParamSchema } from '../../contract/common';
import { requireViewer } from '../auth/guard';
import { adminOnly, onTenant, signedIn, tenantFromParam } from '../auth/permissions';
import { actorOf } from '../auth/viewer';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import { getApprovalPolicy, setApprovalPolicy } from './policy';
import { changeSummary, getChangeRequest, listChangeRequests } from './reads';
import {
  approveChangeRequest,
  cancelChangeRequest,
  commentOnChangeRequest,
  createChangeRequest,
  refreshChangeRequest,
  rejectChangeRequest,
  scheduleChangeRequest,
  type Caller,
} from './service';

const BASE = '/api/change-requests';
const TAG = ['change requests'];
const idParams = z.object({ id: idParamSchema });
// The 412 keeps its currentRevision and current request: with a plain error schema the serializer
// dropped them, and the console could not tell a lost race from any other refusal.
const detailReply = {
  200: changeRequestDetailSchema,
  ...errorResponses(400, 401, 403, 404, 409),
  ...preconditionFailed(changeRequestSchema),
};

/**
 * Change requests and approval policies (docs/changes.md). Every route is open to signed-in users; the
 * service decides per request from its tenant and the viewer's roles, since a request's tenant is in
 * its body or its row.
 */
export function changeRequestRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    BASE,
    {
      config: { permission: signedIn },
      schema: {
        tags: TAG,
        summary: 'Change requests the user may see: filtered, searched, sorted and paged (X-Total-Count)',
        querystring: changeRequestQuerySchema,
        response: { 200: z.array(changeRequestSchema), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listChangeRequests(db, request.query, requireViewer(request))),
  );

  app.get(
    `${BASE}/summary`,
    {
      config: { permission: signedIn },
      schema: {
        tags: TAG,
        summary: 'How many change requests wait for the signed-in user’s approval',
        response: { 200: changeSummarySchema, ...errorResponses(401) },
      },
    },
    async (request) => changeSummary(db, requireViewer(request)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: signedIn },
      schema: {
        tags: TAG,
        summary: 'One change request with its diff, timeline, staleness and what the user may do',
        params: idParams,
        response: { 200: changeRequestDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      withEtag(reply, await getChangeRequest(db, request.params.id, requireViewer(request))),
  );

  app.post(
    BASE,
    {
      config: { permission: signedIn },
      schema: {
        tags: TAG,
        summary:
          'Request a change: it waits for approvals, or applies at once when none are required or a global administrator bypasses them with a reason',
        body: createChangeRequestBodySchema,
        response: { 201: changeRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createChangeRequest(db, request.body, requireViewer(request), request.ip)),
  );

  /** One action on a request: its body, the service call, and the request as it is after, with its ETag. */
  function action<B extends z.ZodType>(
    name: string,
    summary: string,
    body: B,
    run: (id: string, body: z.infer<B>, caller: Caller) => Promise<ChangeRequestDetail>,
  ): void {
    app.post(
      `${BASE}/:id/${name}`,
      {
        config: { permission: signedIn },
        schema: { tags: TAG, summary, params: idParams, body, response: detailReply },
      },
      async (request, reply) => {
        const caller = {
          viewer: requireViewer(request),
          ip: request.ip,
          expectedRevision: ifMatchRevision(request),
        };
        return withEtag(reply, await run(request.params.id, request.body as z.infer<B>, caller));
      },
    );
  }

  // Cancel and refresh take no body; an empty object is accepted too.
  const noBody = z.object({}).nullish();
  action(
    'approve',
    'Approve another person’s request; the last approval applies it or schedules it',
    reviewBodySchema,
    (id, body, caller) => approveChangeRequest(db, id, body.comment, caller),
  );
  action('reject', 'Reject a request, saying why', rejectBodySchema, (id, body, caller) =>
    rejectChangeRequest(db, id, body.comment, caller),
  );
  action('cancel', 'Cancel a request that has not run', noBody, (id, _body, caller) =>
    cancelChangeRequest(db, id, caller),
  );
  action(
    'refresh',
    'Remake a stale request’s diff on the live state; its approvals start again',
    noBody,
    (id, _body, caller) => refreshChangeRequest(db, id, caller),
  );
  action(
    'schedule',
    'Set the time a request applies once approved (a local time and its IANA time zone)',
    scheduleBodySchema,
    (id, body, caller) => scheduleChangeRequest(db, id, body.schedule, caller),
  );
  action('comments', 'Comment on a request', commentBodySchema, (id, body, caller) =>
    commentOnChangeRequest(db, id, body.body, caller),
  );

  const policyReply = { 200: approvalPolicySchema, ...errorResponses(400, 401, 403, 404) };

  app.get(
    '/api/tenants/:tenantId/approval-policy',
    {
      config: { permission: onTenant('read', tenantFromParam('tenantId'), 'Tenant') },
      schema: {
        tags: TAG,
        summary: 'How many approvals each environment’s changes of a tenant need',
        params: z.object({ tenantId: idParamSchema }),
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
        tags: TAG,
        summary:
          'Set a tenant’s approval policy (global administrators: a tenant cannot waive its own reviews)',
        params: z.object({ tenantId: idParamSchema }),
        body: approvalPolicyBodySchema,
        response: policyReply,
      },
    },
    async (request) =>
      setApprovalPolicy(
        db,
        request.params.tenantId,
        request.body,
        actorOf(requireViewer(request), request.ip),
      ),
  );

  app.get(
    '/api/approval-policy',
    {
      config: { permission: signedIn },
      schema: {
        tags: TAG,
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
        tags: TAG,
        summary: 'Set the platform’s approval policy',
        body: approvalPolicyBodySchema,
        response: policyReply,
      },
    },
    async (request) => setApprovalPolicy(db, null, request.body, actorOf(requireViewer(request), request.ip)),
  );
}
