import { z } from 'zod';
import {
  apiTokenCreatedSchema,
  apiTokenInputSchema,
  apiTokenPolicySchema,
  apiTokenSchema,
  DEFAULT_API_TOKEN_DAYS,
  tokenIdParamsSchema,
  TOKEN_MESSAGES,
  userTokenParamsSchema,
} from '../../contract/api-tokens';
import { requestActor, requireViewer } from '../auth/guard';
import { adminOnly, signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { idParams } from '../http/responses';
import type { ZodApp } from '../http/zod-app';
import {
  assertUserExists,
  createApiToken,
  listApiTokens,
  revokeApiToken,
  serviceAccountOwner,
} from './service';

const tags = ['api tokens'];
/** Tokens are managed by people only: a leaked token must not be able to mint or keep others alive. */
const personOnly = { humanOnly: TOKEN_MESSAGES.tokensManageTokens };
const tokenList = { 200: z.array(apiTokenSchema), ...errorResponses(401, 403, 404) };
const created = { 201: apiTokenCreatedSchema, ...errorResponses(400, 401, 403, 404, 409) };
const revoked = { 204: z.null(), ...errorResponses(401, 403, 404) };

/** API tokens (docs/automation.md): a person's own, and administrators' view of anyone's. */
export function apiTokenRoutes(app: ZodApp, deps: { db: Database; maxDays: number }): void {
  const { db, maxDays } = deps;

  app.get(
    '/api/tokens/policy',
    {
      config: { permission: signedIn },
      schema: { tags, summary: 'What a new token may ask for', response: { 200: apiTokenPolicySchema } },
    },
    async () => ({ defaultDays: Math.min(DEFAULT_API_TOKEN_DAYS, maxDays), maxDays }),
  );

  app.get(
    '/api/tokens',
    {
      config: { permission: signedIn, ...personOnly },
      schema: { tags, summary: 'My API tokens, newest first', response: tokenList },
    },
    async (request) => listApiTokens(db, requireViewer(request).user.id),
  );

  app.post(
    '/api/tokens',
    {
      // The reply carries the secret: never stored for an Idempotency-Key replay (docs/idempotency.md).
      config: { permission: signedIn, ...personOnly, idempotency: false },
      schema: {
        tags,
        summary: 'Create a personal API token; the reply is the only time its secret is shown',
        body: apiTokenInputSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const token = await createApiToken(db, viewer, request.body, requestActor(request), maxDays);
      return reply.status(201).send(token);
    },
  );

  app.delete(
    '/api/tokens/:tokenId',
    {
      config: { permission: signedIn, ...personOnly },
      schema: {
        tags,
        summary: 'Revoke one of my API tokens',
        params: tokenIdParamsSchema,
        response: revoked,
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await revokeApiToken(db, viewer.user.id, request.params.tokenId, requestActor(request));
      return reply.status(204).send(null);
    },
  );

  userTokenRoutes(app, db, maxDays);
}

/** Administrators: any user's tokens, and a service account's new ones. */
function userTokenRoutes(app: ZodApp, db: Database, maxDays: number): void {
  app.get(
    '/api/users/:id/tokens',
    {
      config: { permission: adminOnly, ...personOnly },
      schema: { tags, summary: "A user's API tokens", params: idParams, response: tokenList },
    },
    async (request) => {
      await assertUserExists(db, request.params.id);
      return listApiTokens(db, request.params.id);
    },
  );

  app.post(
    '/api/users/:id/tokens',
    {
      // The reply carries the secret: never stored for an Idempotency-Key replay (docs/idempotency.md).
      config: { permission: adminOnly, ...personOnly, idempotency: false },
      schema: {
        tags,
        summary: 'Create an API token for a service account (409 for a person: people make their own)',
        params: idParams,
        body: apiTokenInputSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const owner = await serviceAccountOwner(db, request.params.id);
      const token = await createApiToken(db, owner, request.body, requestActor(request), maxDays);
      return reply.status(201).send(token);
    },
  );

  app.delete(
    '/api/users/:id/tokens/:tokenId',
    {
      config: { permission: adminOnly, ...personOnly },
      schema: {
        tags,
        summary: "Revoke a user's API token",
        params: userTokenParamsSchema,
        response: revoked,
      },
    },
    async (request, reply) => {
      await revokeApiToken(db, request.params.id, request.params.tokenId, requestActor(request));
      return reply.status(204).send(null);
    },
  );
}
