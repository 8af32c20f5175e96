import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  changeRequestDetailSchema,
  changeRequestQuerySchema,
  changeRequestSchema,
  changeSummarySchema,
  commentBodySchema,
  createChangeRequestBodySchema,
  rejectBodySchema,
  reviewBodySchema,
  scheduleBodySchema,
} from '../../contract/changes';
import { requireViewer } from '../auth/guard';
import { signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import { idParams } from '../http/responses';
import type { ZodApp } from '../http/zod-app';
import { approvalPolicyRoutes } from './policy-routes';
import { releaseRoutes } from './release-routes';
import { revertSetsOnRollback } from './release-revert';
import { changeSummary, getChangeRequest, listChangeRequests } from './reads';
import type { Caller } from './request-writes';
import {
  cancelChangeRequest,
  commentOnChangeRequest,
  createChangeRequest,
  refreshChangeRequest,
  scheduleChangeRequest,
} from './requests';
import { approveChangeRequest, rejectChangeRequest } from './reviews';

const BASE = '/api/change-requests';
const tags = ['change requests'];

/** The requests the viewer may see: the list, the badge's count, one request with its detail. */
function changeRequestReadRoutes(app: ZodApp, db: Database): void {
  app.get(
    BASE,
    {
      config: { permission: signedIn },
      schema: {
        tags,
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
        tags,
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
        tags,
        summary: 'One change request with its diff, timeline, staleness and what the user may do',
        params: idParams,
        response: { 200: changeRequestDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      withEtag(reply, await getChangeRequest(db, request.params.id, requireViewer(request))),
  );
}

/** The route options of one action on a request: its body, and the request as it is after. */
function actionOptions<B extends z.ZodType>(summary: string, body: B, humanOnly?: string) {
  return {
    config: { permission: signedIn, ...(humanOnly && { humanOnly }) },
    schema: {
      tags,
      summary,
      params: idParams,
      body,
      // The 412 keeps its currentRevision and current request: with a plain error schema the serializer
      // dropped them, and the console could not tell a lost race from any other refusal.
      response: {
        200: changeRequestDetailSchema,
        ...errorResponses(400, 401, 403, 404, 409),
        ...preconditionFailed(changeRequestSchema),
      },
    },
  };
}

const callerOf = (request: FastifyRequest): Caller => ({
  viewer: requireViewer(request),
  ip: request.ip,
  expectedRevision: ifMatchRevision(request),
});

// Cancel and refresh take no body; an empty object is accepted too.
const noBody = z.object({}).nullish();

/** Making a request, and the actions on one; each answers the request as it is after, with its ETag. */
function changeRequestActionRoutes(app: ZodApp, db: Database): void {
  app.post(
    BASE,
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary:
          'Request a change: it waits for approvals, or applies at once when none are required or a global administrator bypasses them with a reason',
        body: createChangeRequestBodySchema,
        response: { 201: changeRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createChangeRequest(db, request.body, requireViewer(request), request.ip)),
  );

  const approve = 'Approve another person’s request; the last approval applies it or schedules it';
  app.post(
    `${BASE}/:id/approve`,
    actionOptions(approve, reviewBodySchema, TOKEN_MESSAGES.humanOnly),
    async (request, reply) =>
      withEtag(
        reply,
        await approveChangeRequest(db, request.params.id, request.body.comment, callerOf(request)),
      ),
  );
  const reject = 'Reject a request, saying why';
  app.post(
    `${BASE}/:id/reject`,
    actionOptions(reject, rejectBodySchema, TOKEN_MESSAGES.humanOnly),
    async (request, reply) =>
      withEtag(
        reply,
        await rejectChangeRequest(db, request.params.id, request.body.comment, callerOf(request)),
      ),
  );
  const cancel = 'Cancel a request that has not run';
  app.post(`${BASE}/:id/cancel`, actionOptions(cancel, noBody), async (request, reply) =>
    withEtag(reply, await cancelChangeRequest(db, request.params.id, callerOf(request))),
  );
  const refresh = 'Remake a stale request’s diff on the live state; its approvals start again';
  app.post(`${BASE}/:id/refresh`, actionOptions(refresh, noBody), async (request, reply) =>
    withEtag(reply, await refreshChangeRequest(db, request.params.id, callerOf(request))),
  );
  const schedule = 'Set the time a request applies once approved (a local time and its IANA time zone)';
  app.post(`${BASE}/:id/schedule`, actionOptions(schedule, scheduleBodySchema), async (request, reply) =>
    withEtag(
      reply,
      await scheduleChangeRequest(db, request.params.id, request.body.schedule, callerOf(request)),
    ),
  );
  const comment = 'Comment on a request';
  app.post(`${BASE}/:id/comments`, actionOptions(comment, commentBodySchema), async (request, reply) =>
    withEtag(
      reply,
      await commentOnChangeRequest(db, request.params.id, request.body.body, callerOf(request)),
    ),
  );
}

/**
 * Change requests and approval policies (docs/changes.md). Every request route is open to signed-in
 * users; the service decides per request from its tenant and the viewer's roles, since a request's
 * tenant is in its body or its row.
 */
export function changeRequestRoutes(app: ZodApp, deps: { db: Database }): void {
  changeRequestReadRoutes(app, deps.db);
  changeRequestActionRoutes(app, deps.db);
  releaseRoutes(app, deps.db);
  approvalPolicyRoutes(app, deps);
  // A release whose rollout ends on the stable slot reverts as one (once per process: a set of listeners).
  revertSetsOnRollback();
}
