import { z } from 'zod';
import {
  createPolicyBodySchema,
  lineageHistoryQuerySchema,
  opaPolicyListQuerySchema,
  opaPolicySchema,
  policyFieldsSchema,
  policyPromotionTargetSchema,
  promoteLineageBodySchema,
  promotionTargetQuerySchema,
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
import { listPolicies, policyHistory, policyPromotionTarget } from './policies-service';
import { requireTenant } from './tenant';
import { actor, IF_MATCH, POLICIES, PROMOTE, readTenant, withLatest, writeTenant } from './lineage-http';

/** A tenant's OPA policies: lineages of versions of Rego (docs/gateway.md). */
export function opaPolicyRoutes(app: ZodApp, db: Database): void {
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
