import type { FastifyContextConfig, FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorResponses } from './error-responses';
import { deletedResponses, updatedResponses } from './responses';

/**
 * The route options a resource's routes spell alike. Each builder takes who may call the route (config),
 * how the OpenAPI document lists it (tags, summary), its inputs and the resource it answers with, and
 * returns the `{ config, schema }` Fastify reads, with the response statuses that kind of route has.
 * The builders return literal objects, so the zod type provider still types each handler's request.
 */
interface RouteDoc {
  readonly config: FastifyContextConfig;
  readonly tags: string[];
  readonly summary: string;
}

/** The responses of a read of many: 200 with the items, and the errors the route names. */
function itemsResponses<I extends z.ZodType, S extends number>(item: I, errors: S[]) {
  return { 200: z.array(item), ...errorResponses(...errors) };
}

/** GET one resource: 200 with it, 400 on a malformed parameter, 404 when there is none. */
export function readOneRoute<P extends z.ZodType, R extends z.ZodType>(
  doc: RouteDoc & { params: P; resource: R },
) {
  const { config, tags, summary, params, resource } = doc;
  return {
    config,
    schema: { tags, summary, params, response: { 200: resource, ...errorResponses(400, 404) } },
  };
}

/** GET a page of a list (filters in the query string, total in X-Total-Count): 200 with the items. */
export function listRoute<Q extends z.ZodType, I extends z.ZodType, S extends number>(
  doc: RouteDoc & { querystring: Q; item: I; errors: S[] },
) {
  const { config, tags, summary, querystring, item, errors } = doc;
  return { config, schema: { tags, summary, querystring, response: itemsResponses(item, errors) } };
}

/** GET a page of a parent's list (the parent in the path, filters in the query string): 200 with the items. */
export function childListRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  I extends z.ZodType,
  S extends number,
>(doc: RouteDoc & { params: P; querystring: Q; item: I; errors: S[] }) {
  const { config, tags, summary, params, querystring, item, errors } = doc;
  return { config, schema: { tags, summary, params, querystring, response: itemsResponses(item, errors) } };
}

/** GET the rows under a parent named in the path, unpaged: 200 with them. */
export function childrenRoute<P extends z.ZodType, I extends z.ZodType, S extends number>(
  doc: RouteDoc & { params: P; item: I; errors: S[] },
) {
  const { config, tags, summary, params, item, errors } = doc;
  return { config, schema: { tags, summary, params, response: itemsResponses(item, errors) } };
}

/** POST that creates a resource from its body: 201 with it. */
export function createRoute<B extends z.ZodType, R extends z.ZodType, S extends number>(
  doc: RouteDoc & { body: B; resource: R; errors: S[] },
) {
  const { config, tags, summary, body, resource, errors } = doc;
  return {
    config,
    schema: { tags, summary, body, response: { 201: resource, ...errorResponses(...errors) } },
  };
}

/** POST that puts a deleted resource back by id: 201 with it, 404 when no delete is recorded, 409 when it exists again. */
export function restoreRoute<P extends z.ZodType, R extends z.ZodType>(
  doc: RouteDoc & { params: P; resource: R },
) {
  const { config, tags, summary, params, resource } = doc;
  const response = { 201: resource, ...errorResponses(400, 401, 403, 404, 409) };
  return { config, schema: { tags, summary, params, response } };
}

/** PATCH under If-Match: 200 with the resource, or 412 carrying the current one. */
export function editRoute<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType, S extends number>(
  doc: RouteDoc & { params: P; body: B; resource: R; errors: S[] },
) {
  const { config, tags, summary, params, body, resource, errors } = doc;
  return { config, schema: { tags, summary, params, body, response: updatedResponses(resource, ...errors) } };
}

/** DELETE under If-Match: 204 with no body, or 412 carrying the current resource. */
export function deleteRoute<P extends z.ZodType, R extends z.ZodType, S extends number>(
  doc: RouteDoc & { params: P; resource: R; errors: S[] },
) {
  const { config, tags, summary, params, resource, errors } = doc;
  return { config, schema: { tags, summary, params, response: deletedResponses(resource, ...errors) } };
}

/** The empty 204 a delete answers with. */
export function sendNoContent(reply: FastifyReply): FastifyReply {
  return reply.status(204).send(null);
}
