import { z } from 'zod';
import {
  createRouteBodySchema,
  gatewayRouteListQuerySchema,
  gatewayRouteSchema,
  lineageHistoryQuerySchema,
  promoteLineageBodySchema,
  promotionTargetQuerySchema,
  routeFieldsSchema,
  routePromotionTargetSchema,
  tenantLineageParamsSchema,
  tenantVersionParamsSchema,
} from '../../contract/gateway';
import { idParamSchema } from '../../contract/common';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { etagOf, ifMatchRevision } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import { applyDirect } from '../changes/apply-direct';
import { requireTenant } from './tenant';
import { listRoutes, routeHistory, routePromotionTarget } from './routes-service';
import { actor, IF_MATCH, PROMOTE, readTenant, ROUTES, withLatest, writeTenant } from './lineage-http';

/** A tenant's gateway routes: lineages of versions (docs/gateway.md). */
export function gatewayRouteRoutes(app: ZodApp, db: Database): void {
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
