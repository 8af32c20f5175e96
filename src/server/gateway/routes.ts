import { z } from 'zod';
import {
  createPolicyBodySchema,
  createRouteBodySchema,
  gatewayPaths,
  gatewayRouteListQuerySchema,
  gatewayRouteSchema,
  lineageHistoryQuerySchema,
  opaPolicyListQuerySchema,
  opaPolicySchema,
  policyFieldsSchema,
  policyPromotionTargetSchema,
  promoteLineageBodySchema,
  promotionTargetQuerySchema,
  routeFieldsSchema,
  routePromotionTargetSchema,
  subscribedCapabilitySchema,
  tenantEnvironmentParamsSchema,
  tenantLineageParamsSchema,
  tenantVersionParamsSchema,
} from '../../contract/gateway';
import { idParamSchema } from '../../contract/common';
import { requireViewer } from '../auth/guard';
import { onTenant, tenantFromParam } from '../auth/permissions';
import { actorOf } from '../auth/viewer';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { etagOf, ifMatchRevision } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import { gatewayArtifactRoutes } from './artifact-routes';
import { applyDirect } from '../changes/apply-direct';
import { subscribedCapabilities } from './lineage';
import { listPolicies, policyHistory, policyPromotionTarget } from './policies-service';
import { requireTenant } from './tenant';
import { listRoutes, routeHistory, routePromotionTarget } from './routes-service';

const readTenant = onTenant('read', tenantFromParam('tenantId'), 'Tenant');
const writeTenant = onTenant('versions', tenantFromParam('tenantId'), 'Tenant');

/** Paths as Fastify declares them: the contract's paths with the tenant as a parameter. */
const ROUTES = gatewayPaths.routes(':tenantId');
const POLICIES = gatewayPaths.policies(':tenantId');

const PROMOTE =
  "the lineage's active version becomes the next active version of the target environment's lineage earlier promotions of it went to, or version 1 of a new one (development to uat, uat to production; docs/promotion.md)";

const IF_MATCH =
  'If-Match: the lineage\'s newest version number ("3"); a stale one is a 412 with the newest version';

const actor = (request: Parameters<typeof requireViewer>[0]) => actorOf(requireViewer(request), request.ip);

/** Sends the lineage's newest version number as the ETag: what the next conditional write sends. */
function withLatest<T extends { latestVersion: number }>(
  reply: { header(name: string, value: string): unknown },
  row: T,
): T {
  reply.header('etag', etagOf(row.latestVersion));
  return row;
}

function gatewayRouteRoutes(app: ZodApp, db: Database): void {
  const tags = ['gateway routes'];
  app.get(
    ROUTES,
    {
      config: { permission: readTenant },
      schema: {
        tags,
        summary:
          'The current version of each route lineage in one environment (active, or newest when disabled): filter by capability, search path or target, sort, page (total in X-Total-Count)',
        params: z.object({ tenantId: idParamSchema }),
        querystring: gatewayRouteListQuerySchema,
        response: { 200: z.array(gatewayRouteSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await requireTenant(db, request.params.tenantId);
      return sendPage(reply, await listRoutes(db, request.params.tenantId, request.query));
    },
  );

  app.post(
    ROUTES,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: 'Create a route: version 1 of a new lineage, active (createdBy is the signed-in user)',
        params: z.object({ tenantId: idParamSchema }),
        body: createRouteBodySchema,
        response: { 201: gatewayRouteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const change = {
        kind: 'gateway_route.create',
        tenantId: request.params.tenantId,
        body: request.body,
      } as const;
      return reply.status(201).send(withLatest(reply, await applyDirect(db, change, actor(request))));
    },
  );

  app.get(
    `${ROUTES}/:lineageId/versions`,
    {
      config: { permission: readTenant },
      schema: {
        tags,
        summary: "A route lineage's versions, newest first, paged (total in X-Total-Count, ETag the newest)",
        params: tenantLineageParamsSchema,
        querystring: lineageHistoryQuerySchema,
        response: { 200: z.array(gatewayRouteSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const page = await routeHistory(db, request.params.tenantId, request.params.lineageId, request.query);
      if (page.items[0]) reply.header('etag', etagOf(page.items[0].latestVersion));
      return sendPage(reply, page);
    },
  );

  app.post(
    `${ROUTES}/:lineageId/versions`,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: `Edit a route: its next version, active. ${IF_MATCH}`,
        params: tenantLineageParamsSchema,
        body: routeFieldsSchema,
        response: {
          201: gatewayRouteSchema,
          ...errorResponses(400, 401, 403, 404, 409),
          ...preconditionFailed(gatewayRouteSchema),
        },
      },
    },
    async (request, reply) => {
      const change = { kind: 'gateway_route.edit', ...request.params, body: request.body } as const;
      const created = await applyDirect(db, change, actor(request), { expected: ifMatchRevision(request) });
      return reply.status(201).send(withLatest(reply, created));
    },
  );

  app.post(
    `${ROUTES}/versions/:versionId/activate`,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: `Make a version the only active one of its lineage, checking the rules again. ${IF_MATCH}`,
        params: tenantVersionParamsSchema,
        response: {
          200: gatewayRouteSchema,
          ...errorResponses(400, 401, 403, 404, 409),
          ...preconditionFailed(gatewayRouteSchema),
        },
      },
    },
    async (request, reply) => {
      const change = { kind: 'gateway_route.activate', ...request.params } as const;
      const expected = ifMatchRevision(request);
      return withLatest(reply, await applyDirect(db, change, actor(request), { expected }));
    },
  );

  app.post(
    `${ROUTES}/:lineageId/disable`,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: `Disable a route: no version stays active, the gateway stops serving it. ${IF_MATCH}`,
        params: tenantLineageParamsSchema,
        response: {
          200: gatewayRouteSchema,
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(gatewayRouteSchema),
        },
      },
    },
    async (request, reply) => {
      const change = { kind: 'gateway_route.disable', ...request.params } as const;
      const expected = ifMatchRevision(request);
      return withLatest(reply, await applyDirect(db, change, actor(request), { expected }));
    },
  );

  app.post(
    `${ROUTES}/:lineageId/promote`,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: `Promote a route: ${PROMOTE}`,
        params: tenantLineageParamsSchema,
        body: promoteLineageBodySchema,
        response: { 201: gatewayRouteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { targetEnvironment } = request.body;
      const change = { kind: 'gateway_route.promote', ...request.params, targetEnvironment } as const;
      const created = await applyDirect(db, change, actor(request));
      return reply.status(201).send(withLatest(reply, created));
    },
  );

  app.get(
    `${ROUTES}/:lineageId/promotion-target`,
    {
      config: { permission: readTenant },
      schema: {
        tags,
        summary:
          'Where promoting this route would go: the target lineage earlier promotions went to, its newest number and active version (all null: a new lineage)',
        params: tenantLineageParamsSchema,
        querystring: promotionTargetQuerySchema,
        response: { 200: routePromotionTargetSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => routePromotionTarget(db, request.params, request.query.targetEnvironment),
  );

  app.delete(
    `${ROUTES}/:lineageId`,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: `Delete a route with every version. ${IF_MATCH}`,
        params: tenantLineageParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(gatewayRouteSchema),
        },
      },
    },
    async (request, reply) => {
      const change = { kind: 'gateway_route.delete', ...request.params } as const;
      await applyDirect(db, change, actor(request), { expected: ifMatchRevision(request) });
      return reply.status(204).send(null);
    },
  );
}

function opaPolicyRoutes(app: ZodApp, db: Database): void {
  const tags = ['opa policies'];
  app.get(
    POLICIES,
    {
      config: { permission: readTenant },
      schema: {
        tags,
        summary:
          'The current version of each policy lineage in one environment (active, or newest when disabled): filter by capability, search name or description, sort, page (total in X-Total-Count)',
        params: z.object({ tenantId: idParamSchema }),
        querystring: opaPolicyListQuerySchema,
        response: { 200: z.array(opaPolicySchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await requireTenant(db, request.params.tenantId);
      return sendPage(reply, await listPolicies(db, request.params.tenantId, request.query));
    },
  );

  app.post(
    POLICIES,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary:
          'Create a policy: version 1 of a new lineage, active; its Rego is checked (400 issues carry the line)',
        params: z.object({ tenantId: idParamSchema }),
        body: createPolicyBodySchema,
        response: { 201: opaPolicySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const change = {
        kind: 'opa_policy.create',
        tenantId: request.params.tenantId,
        body: request.body,
      } as const;
      return reply.status(201).send(withLatest(reply, await applyDirect(db, change, actor(request))));
    },
  );

  app.get(
    `${POLICIES}/:lineageId/versions`,
    {
      config: { permission: readTenant },
      schema: {
        tags,
        summary: "A policy lineage's versions, newest first, paged (total in X-Total-Count, ETag the newest)",
        params: tenantLineageParamsSchema,
        querystring: lineageHistoryQuerySchema,
        response: { 200: z.array(opaPolicySchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const page = await policyHistory(db, request.params.tenantId, request.params.lineageId, request.query);
      if (page.items[0]) reply.header('etag', etagOf(page.items[0].latestVersion));
      return sendPage(reply, page);
    },
  );

  app.post(
    `${POLICIES}/:lineageId/versions`,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: `Edit a policy: its next version, active; Rego checked as on create. ${IF_MATCH}`,
        params: tenantLineageParamsSchema,
        body: policyFieldsSchema,
        response: {
          201: opaPolicySchema,
          ...errorResponses(400, 401, 403, 404, 409),
          ...preconditionFailed(opaPolicySchema),
        },
      },
    },
    async (request, reply) => {
      const change = { kind: 'opa_policy.edit', ...request.params, body: request.body } as const;
      const created = await applyDirect(db, change, actor(request), { expected: ifMatchRevision(request) });
      return reply.status(201).send(withLatest(reply, created));
    },
  );

  app.post(
    `${POLICIES}/versions/:versionId/activate`,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: `Make a version the only active one of its lineage, checking the rules again. ${IF_MATCH}`,
        params: tenantVersionParamsSchema,
        response: {
          200: opaPolicySchema,
          ...errorResponses(400, 401, 403, 404, 409),
          ...preconditionFailed(opaPolicySchema),
        },
      },
    },
    async (request, reply) => {
      const change = { kind: 'opa_policy.activate', ...request.params } as const;
      const expected = ifMatchRevision(request);
      return withLatest(reply, await applyDirect(db, change, actor(request), { expected }));
    },
  );

  app.post(
    `${POLICIES}/:lineageId/disable`,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: `Disable a policy: no version stays active, the bundle leaves it out. ${IF_MATCH}`,
        params: tenantLineageParamsSchema,
        response: {
          200: opaPolicySchema,
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(opaPolicySchema),
        },
      },
    },
    async (request, reply) => {
      const change = { kind: 'opa_policy.disable', ...request.params } as const;
      const expected = ifMatchRevision(request);
      return withLatest(reply, await applyDirect(db, change, actor(request), { expected }));
    },
  );

  app.post(
    `${POLICIES}/:lineageId/promote`,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: `Promote a policy: ${PROMOTE}`,
        params: tenantLineageParamsSchema,
        body: promoteLineageBodySchema,
        response: { 201: opaPolicySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { targetEnvironment } = request.body;
      const change = { kind: 'opa_policy.promote', ...request.params, targetEnvironment } as const;
      const created = await applyDirect(db, change, actor(request));
      return reply.status(201).send(withLatest(reply, created));
    },
  );

  app.get(
    `${POLICIES}/:lineageId/promotion-target`,
    {
      config: { permission: readTenant },
      schema: {
        tags,
        summary:
          'Where promoting this policy would go: the target lineage earlier promotions went to, its newest number and active version (all null: a new lineage)',
        params: tenantLineageParamsSchema,
        querystring: promotionTargetQuerySchema,
        response: { 200: policyPromotionTargetSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => policyPromotionTarget(db, request.params, request.query.targetEnvironment),
  );

  app.delete(
    `${POLICIES}/:lineageId`,
    {
      config: { permission: writeTenant },
      schema: {
        tags,
        summary: `Delete a policy with every version. ${IF_MATCH}`,
        params: tenantLineageParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(opaPolicySchema),
        },
      },
    },
    async (request, reply) => {
      const change = { kind: 'opa_policy.delete', ...request.params } as const;
      await applyDirect(db, change, actor(request), { expected: ifMatchRevision(request) });
      return reply.status(204).send(null);
    },
  );
}

/** The picker of the route and policy dialogs: which capabilities the rules accept here. */
function subscribedCapabilityRoutes(app: ZodApp, db: Database): void {
  app.get(
    gatewayPaths.capabilities(':tenantId', ':environment'),
    {
      config: { permission: readTenant },
      schema: {
        tags: ['gateway routes', 'opa policies'],
        summary:
          'The capabilities the tenant subscribes to in an environment (made there, or configured there), by name: the only ones routes and policies may name',
        params: tenantEnvironmentParamsSchema,
        response: { 200: z.array(subscribedCapabilitySchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await requireTenant(db, request.params.tenantId);
      return subscribedCapabilities(db, request.params.tenantId, request.params.environment);
    },
  );
}

/** Gateway routes, OPA policies and their two hand-off artifacts (docs/gateway.md). */
export function gatewayRoutes(app: ZodApp, { db }: { db: Database }): void {
  subscribedCapabilityRoutes(app, db);
  gatewayRouteRoutes(app, db);
  opaPolicyRoutes(app, db);
  gatewayArtifactRoutes(app, db, readTenant, tenantEnvironmentParamsSchema);
}
