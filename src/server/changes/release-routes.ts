import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import { z } from 'zod';
import {
  addToReleaseBodySchema,
  changeRequestSchema,
  promoteSetBodySchema,
  releaseDraftSchema,
  revertBodySchema,
  scheduleSchema,
  updateReleaseDraftBodySchema,
} from '../../contract/changes';
import { requireViewer } from '../auth/guard';
import { signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { ifMatchRevision, withEtag } from '../http/if-match';
import { idParams } from '../http/responses';
import type { ZodApp } from '../http/zod-app';
import {
  addToReleaseDraft,
  discardReleaseDraft,
  fileReleaseDraft,
  getReleaseDraft,
  updateReleaseDraft,
} from './release-drafts';
import { filePromotion } from './release-promote';
import { fileRevert } from './release-revert';

/* Releases (docs/releases.md): reverting and promoting a set, and each person's draft release. */

const tags = ['releases'];
const DRAFT = '/api/release-draft';
const people = { permission: signedIn, humanOnly: TOKEN_MESSAGES.humanOnly };

/** Revert and promote: each files a new request from an applied one (201, the new request). */
function followUpRoutes(app: ZodApp, db: Database): void {
  const filed = { 201: changeRequestSchema, ...errorResponses(400, 401, 403, 404, 409) };
  app.post(
    '/api/change-requests/:id/revert',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary:
          'File the inverse of an applied request as a new request (409 REVERT_DECISION_NEEDED names each target changed since: send skip or overwrite for it)',
        params: idParams,
        body: revertBodySchema,
        response: filed,
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await fileRevert(db, request.params.id, request.body, {
          viewer: requireViewer(request),
          ip: request.ip,
        }),
      ),
  );
  app.post(
    '/api/change-requests/:id/promote',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'File an applied request again for a later environment, each change mapped to it',
        params: idParams,
        body: promoteSetBodySchema,
        response: filed,
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await filePromotion(db, request.params.id, request.body, {
          viewer: requireViewer(request),
          ip: request.ip,
        }),
      ),
  );
}

const draftReply = { 200: releaseDraftSchema };

/** The signed-in person's draft release: read it, and add a change to it. */
function draftRoutes(app: ZodApp, db: Database): void {
  app.get(
    DRAFT,
    {
      config: people,
      schema: {
        tags,
        summary: 'Your draft release',
        response: { ...draftReply, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => withEtag(reply, await getReleaseDraft(db, requireViewer(request))),
  );
  app.post(
    `${DRAFT}/changes`,
    {
      config: people,
      schema: {
        tags,
        summary: 'Add a change to your draft release instead of filing it',
        body: addToReleaseBodySchema,
        response: { ...draftReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      withEtag(reply, await addToReleaseDraft(db, requireViewer(request), request.body.change)),
  );
}

/** Naming, ordering and discarding the draft, and filing it as one request. */
function draftEditRoutes(app: ZodApp, db: Database): void {
  app.put(
    DRAFT,
    {
      config: people,
      schema: {
        tags,
        summary: 'Name your draft release, reorder and remove its changes (If-Match)',
        body: updateReleaseDraftBodySchema,
        response: {
          ...draftReply,
          ...errorResponses(400, 401, 403),
          ...preconditionFailed(releaseDraftSchema),
        },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await updateReleaseDraft(db, requireViewer(request), request.body, ifMatchRevision(request)),
      ),
  );
  app.delete(
    DRAFT,
    {
      config: people,
      schema: {
        tags,
        summary: 'Discard your draft release',
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await discardReleaseDraft(db, requireViewer(request));
      return reply.status(204).send(null);
    },
  );
  app.post(
    `${DRAFT}/file`,
    {
      config: people,
      schema: {
        tags,
        summary: 'File your draft release as one change request, and empty it',
        body: z.object({
          schedule: scheduleSchema.nullable().optional(),
          bypassReason: z.string().trim().min(1, 'A reason is required').max(1000).optional(),
        }),
        response: { 201: changeRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await fileReleaseDraft(db, requireViewer(request), request.body, request.ip)),
  );
}

export function releaseRoutes(app: ZodApp, db: Database): void {
  followUpRoutes(app, db);
  draftRoutes(app, db);
  draftEditRoutes(app, db);
}
