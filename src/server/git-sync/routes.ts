import { z } from 'zod';
import { idParamSchema, TOTAL_COUNT_HEADER } from '../../contract/common';
import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import {
  driftAdoptSchema,
  driftFindingSchema,
  driftParamsSchema,
  driftQuerySchema,
  driftRevertBodySchema,
  driftRevertSchema,
  gitCheckResultSchema,
  gitLinkInputSchema,
  gitLinkParamsSchema,
  gitLinkSchema,
  gitLinkUpdateSchema,
} from '../../contract/git-links';
import { conditionalWriteRoutes } from '../auth/conditional-writes';
import { requestActor, requireViewer } from '../auth/guard';
import { onTenant, signedIn, tenantFromParam } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { withEtag } from '../http/if-match';
import type { ZodApp } from '../http/zod-app';
import { checkLink } from './check';
import { findingsPage } from './findings';
import {
  createGitLink,
  deleteGitLink,
  listGitLinks,
  tenantGitLink,
  updateGitLink,
  visibleLink,
  withFindings,
} from './links';
import { adoptFinding, revertFinding } from './remedies';
import type { GitSyncSettings } from './settings';

/* Git links, their drift and its remedies over HTTP (docs/config-as-code-git.md). */

const tags = ['git sync'];
const path = '/api/git-links/:linkId';
/** Signed in; who may read or manage which link the service decides (its tenant's roles, administrators). */
const config = { permission: signedIn };
/**
 * Making, editing and removing a link needs a person: a sync-mode link goes on applying its repository's
 * commits after the token that made it is revoked (docs/automation.md).
 */
const writeConfig = { ...config, humanOnly: TOKEN_MESSAGES.gitLinks };

type Deps = { db: Database; settings: GitSyncSettings };

export function gitSyncRoutes(app: ZodApp, deps: Deps): void {
  collectionRoutes(app, deps);
  linkRoutes(app, deps);
  tenantLinkRoute(app, deps);
  driftRoutes(app, deps);
  remedyRoutes(app, deps);
}

/** The links one may read, and a new one. */
function collectionRoutes(app: ZodApp, { db, settings }: Deps): void {
  app.get(
    '/api/git-links',
    {
      config,
      schema: {
        tags,
        summary: 'The Git links of the tenants I may read (and the platform’s, for administrators)',
        response: { 200: z.array(gitLinkSchema), ...errorResponses(401) },
      },
    },
    async (request) => listGitLinks(db, requireViewer(request)),
  );
  app.post(
    '/api/git-links',
    {
      config: writeConfig,
      schema: {
        tags,
        summary: 'Link a tenant (or, tenantId null, the platform) to a file in a Git repository',
        body: gitLinkInputSchema,
        response: { 201: gitLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const link = await createGitLink(db, viewer, request.body, requestActor(request), settings.allowance);
      return reply.status(201).send(withEtag(reply, link));
    },
  );
}

/** One link: read, edit, delete (under If-Match). */
function linkRoutes(app: ZodApp, { db, settings }: Deps): void {
  app.get(
    path,
    {
      config,
      schema: {
        tags,
        summary: 'One Git link (its token is never shown)',
        params: gitLinkParamsSchema,
        response: { 200: gitLinkSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const row = await visibleLink(db, requireViewer(request), request.params.linkId);
      return withEtag(reply, await withFindings(db, row));
    },
  );
  conditionalWriteRoutes(app, {
    path,
    config: writeConfig,
    tags,
    params: gitLinkParamsSchema,
    resource: gitLinkSchema,
    edit: {
      summary: 'Edit a Git link (another repository, branch or path starts its history afresh)',
      body: gitLinkUpdateSchema,
      errors: [400, 401, 403, 404],
      run: (request, actor, expected) =>
        updateGitLink(
          db,
          requireViewer(request),
          request.params.linkId,
          request.body,
          actor,
          expected,
          settings.allowance,
        ),
    },
    remove: {
      summary: 'Remove a Git link and its drift findings',
      errors: [400, 401, 403, 404],
      run: (request, actor, expected) =>
        deleteGitLink(db, requireViewer(request), request.params.linkId, actor, expected),
    },
  });
}

/** "Managed in Git": a tenant's link, if it has one. */
function tenantLinkRoute(app: ZodApp, { db }: Deps): void {
  app.get(
    '/api/tenants/:tenantId/git-link',
    {
      config: { permission: onTenant('read', tenantFromParam('tenantId'), 'Tenant') },
      schema: {
        tags,
        summary: 'Whether a tenant is managed in Git: its link, or null',
        params: z.object({ tenantId: idParamSchema }),
        response: { 200: z.object({ link: gitLinkSchema.nullable() }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ link: await tenantGitLink(db, requireViewer(request), request.params.tenantId) }),
  );
}

function driftRoutes(app: ZodApp, { db, settings }: Deps): void {
  app.post(
    `${path}/check`,
    {
      config,
      schema: {
        tags,
        summary:
          'Check the link now: read the file at the branch head, record drift (sync mode files a new commit)',
        params: gitLinkParamsSchema,
        response: { 200: gitCheckResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await visibleLink(db, requireViewer(request), request.params.linkId, { manage: true });
      const outcome = await checkLink(db, row, settings);
      return {
        link: await withFindings(db, outcome.link),
        detected: outcome.detected.length,
        syncRequestId: outcome.syncRequestId,
      };
    },
  );
  app.get(
    `${path}/drift`,
    {
      config,
      schema: {
        tags,
        summary:
          'A page of the link’s drift findings (open by default), oldest first; total in X-Total-Count',
        params: gitLinkParamsSchema,
        querystring: driftQuerySchema,
        response: { 200: z.array(driftFindingSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await visibleLink(db, requireViewer(request), request.params.linkId);
      const page = await findingsPage(db, request.params.linkId, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );
}

/** Revert and Adopt of one finding. */
function remedyRoutes(app: ZodApp, { db, settings }: Deps): void {
  app.post(
    '/api/drift/:findingId/revert',
    {
      config,
      schema: {
        tags,
        summary:
          'File the change that restores Git’s state of this resource (or the whole link) as my request',
        params: driftParamsSchema,
        body: driftRevertBodySchema,
        response: { 200: driftRevertSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = { viewer: requireViewer(request), ip: request.ip };
      return revertFinding(db, caller, request.params.findingId, request.body.scope, settings);
    },
  );
  app.post(
    '/api/drift/:findingId/adopt',
    {
      config,
      schema: {
        tags,
        summary: 'Commit the live state to a new branch (write access), or answer the file to commit',
        params: driftParamsSchema,
        response: { 200: driftAdoptSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = { viewer: requireViewer(request), ip: request.ip };
      return adoptFinding(db, caller, request.params.findingId, settings);
    },
  );
}
