import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import {
  lineageHistoryQuerySchema,
  promoteLineageBodySchema,
  promotionTargetQuerySchema,
  tenantLineageParamsSchema,
  tenantVersionParamsSchema,
} from '../../contract/gateway';
import { applyDirect } from '../changes/apply-direct';
import type { Database } from '../db/client';
import { errorResponses, preconditionFailed } from '../http/error-responses';
import { etagOf, ifMatchRevision } from '../http/if-match';
import { sendPage } from '../http/list-reply';
import type { ZodApp } from '../http/zod-app';
import type { LineageEntry } from './lineage-entry';
import { actor, IF_MATCH, lineageChange, PROMOTE, readTenant, withLatest, writeTenant } from './lineage-http';
import { requireTenant } from './tenant';

/*
 * The nine endpoints of a lineage kind (docs/gateway.md "Endpoints"), one function each, registered
 * in this order for every kind. Writes apply through applyDirect, the change a request would carry.
 */

type Endpoint = (app: ZodApp, db: Database, entry: LineageEntry) => void;

const tenantParams = z.object({ tenantId: idParamSchema });

const list: Endpoint = (app, db, { path, tag, noun, texts, schemas, service }) =>
  app.get(
    path,
    {
      config: { permission: readTenant },
      schema: {
        tags: [tag],
        summary: `The current version of each ${noun} lineage in one environment (active, or newest when disabled): filter by capability, search ${texts.search}, sort, page (total in X-Total-Count)`,
        params: tenantParams,
        querystring: schemas.listQuery,
        response: { 200: z.array(schemas.item), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await requireTenant(db, request.params.tenantId);
      return sendPage(reply, await service.list(db, request.params.tenantId, request.query));
    },
  );

const create: Endpoint = (app, db, { prefix, path, tag, noun, texts, schemas }) =>
  app.post(
    path,
    {
      config: { permission: writeTenant },
      schema: {
        tags: [tag],
        summary: `Create a ${noun}: version 1 of a new lineage, active${texts.created}`,
        params: tenantParams,
        body: schemas.createBody,
        response: { 201: schemas.item, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const change = lineageChange(prefix, 'create', {
        tenantId: request.params.tenantId,
        body: request.body,
      });
      return reply.status(201).send(withLatest(reply, await applyDirect(db, change, actor(request))));
    },
  );

const history: Endpoint = (app, db, { path, tag, noun, schemas, service }) =>
  app.get(
    `${path}/:lineageId/versions`,
    {
      config: { permission: readTenant },
      schema: {
        tags: [tag],
        summary: `A ${noun} lineage's versions, newest first, paged (total in X-Total-Count, ETag the newest)`,
        params: tenantLineageParamsSchema,
        querystring: lineageHistoryQuerySchema,
        response: { 200: z.array(schemas.item), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { tenantId, lineageId } = request.params;
      const page = await service.history(db, tenantId, lineageId, request.query);
      if (page.items[0]) reply.header('etag', etagOf(page.items[0].latestVersion));
      return sendPage(reply, page);
    },
  );

const edit: Endpoint = (app, db, { prefix, path, tag, noun, texts, schemas }) =>
  app.post(
    `${path}/:lineageId/versions`,
    {
      config: { permission: writeTenant },
      schema: {
        tags: [tag],
        summary: `Edit a ${noun}: its next version, active${texts.edited}. ${IF_MATCH}`,
        params: tenantLineageParamsSchema,
        body: schemas.fields,
        response: {
          201: schemas.item,
          ...errorResponses(400, 401, 403, 404, 409),
          ...preconditionFailed(schemas.item),
        },
      },
    },
    async (request, reply) => {
      const change = lineageChange(prefix, 'edit', { ...request.params, body: request.body });
      const created = await applyDirect(db, change, actor(request), { expected: ifMatchRevision(request) });
      return reply.status(201).send(withLatest(reply, created));
    },
  );

const activate: Endpoint = (app, db, { prefix, path, tag, schemas }) =>
  app.post(
    `${path}/versions/:versionId/activate`,
    {
      config: { permission: writeTenant },
      schema: {
        tags: [tag],
        summary: `Make a version the only active one of its lineage, checking the rules again. ${IF_MATCH}`,
        params: tenantVersionParamsSchema,
        response: {
          200: schemas.item,
          ...errorResponses(400, 401, 403, 404, 409),
          ...preconditionFailed(schemas.item),
        },
      },
    },
    async (request, reply) => {
      const change = lineageChange(prefix, 'activate', request.params);
      const expected = ifMatchRevision(request);
      return withLatest(reply, await applyDirect(db, change, actor(request), { expected }));
    },
  );

const disable: Endpoint = (app, db, { prefix, path, tag, noun, texts, schemas }) =>
  app.post(
    `${path}/:lineageId/disable`,
    {
      config: { permission: writeTenant },
      schema: {
        tags: [tag],
        summary: `Disable a ${noun}: no version stays active, ${texts.disabled}. ${IF_MATCH}`,
        params: tenantLineageParamsSchema,
        response: {
          200: schemas.item,
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(schemas.item),
        },
      },
    },
    async (request, reply) => {
      const change = lineageChange(prefix, 'disable', request.params);
      const expected = ifMatchRevision(request);
      return withLatest(reply, await applyDirect(db, change, actor(request), { expected }));
    },
  );

const promote: Endpoint = (app, db, { prefix, path, tag, noun, schemas }) =>
  app.post(
    `${path}/:lineageId/promote`,
    {
      config: { permission: writeTenant },
      schema: {
        tags: [tag],
        summary: `Promote a ${noun}: ${PROMOTE}`,
        params: tenantLineageParamsSchema,
        body: promoteLineageBodySchema,
        response: { 201: schemas.item, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { targetEnvironment } = request.body;
      const change = lineageChange(prefix, 'promote', { ...request.params, targetEnvironment });
      const created = await applyDirect(db, change, actor(request));
      return reply.status(201).send(withLatest(reply, created));
    },
  );

const promotionTarget: Endpoint = (app, db, { path, tag, noun, schemas, service }) =>
  app.get(
    `${path}/:lineageId/promotion-target`,
    {
      config: { permission: readTenant },
      schema: {
        tags: [tag],
        summary: `Where promoting this ${noun} would go: the target lineage earlier promotions went to, its newest number and active version (all null: a new lineage)`,
        params: tenantLineageParamsSchema,
        querystring: promotionTargetQuerySchema,
        response: { 200: schemas.promotionTarget, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.promotionTarget(db, request.params, request.query.targetEnvironment),
  );

const remove: Endpoint = (app, db, { prefix, path, tag, noun, schemas }) =>
  app.delete(
    `${path}/:lineageId`,
    {
      config: { permission: writeTenant },
      schema: {
        tags: [tag],
        summary: `Delete a ${noun} with every version. ${IF_MATCH}`,
        params: tenantLineageParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404),
          ...preconditionFailed(schemas.item),
        },
      },
    },
    async (request, reply) => {
      const change = lineageChange(prefix, 'delete', request.params);
      await applyDirect(db, change, actor(request), { expected: ifMatchRevision(request) });
      return reply.status(204).send(null);
    },
  );

const ENDPOINTS = [list, create, history, edit, activate, disable, promote, promotionTarget, remove];

/** A tenant's lineages of one kind (docs/gateway.md): the same nine endpoints for every kind. */
export function lineageRoutes(app: ZodApp, db: Database, entry: LineageEntry): void {
  for (const endpoint of ENDPOINTS) endpoint(app, db, entry);
}
