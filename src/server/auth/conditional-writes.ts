import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ifMatchRevision, withEtag } from '../http/if-match';
import { createRoute, deleteRoute, editRoute } from '../http/route-options';
import type { ZodApp } from '../http/zod-app';
import type { ExpectedRevision } from '../revisions';
import { requestActor } from './guard';
import type { Actor } from './viewer';

/** A write on behalf of the signed-in caller, under the revisions the request's If-Match accepts. */
type ConditionalWrite<T> = (actor: Actor, expectedRevision: ExpectedRevision | undefined) => Promise<T>;

/**
 * Runs a conditional edit (If-Match read first: a malformed header is a 400 before anything runs) and
 * answers the edited resource with its ETag.
 */
export async function sendEdited<T extends { revision: number }>(
  request: FastifyRequest,
  reply: FastifyReply,
  edit: ConditionalWrite<T>,
): Promise<T> {
  const expectedRevision = ifMatchRevision(request);
  return withEtag(reply, await edit(requestActor(request), expectedRevision));
}

/** Runs a conditional delete (If-Match read first) and answers 204 with no body. */
export async function sendDeleted(
  request: FastifyRequest,
  reply: FastifyReply,
  remove: ConditionalWrite<unknown>,
): Promise<FastifyReply> {
  const expectedRevision = ifMatchRevision(request);
  await remove(requestActor(request), expectedRevision);
  return reply.status(204).send(null);
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409;
type Expected = ExpectedRevision | undefined;
type RouteDoc = Pick<Parameters<typeof editRoute>[0], 'config' | 'tags'>;

/** The request a route with this schema receives: its params and body typed by the zod schemas. */
type RequestOf<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;
type EditRequest<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = RequestOf<
  ReturnType<typeof editRoute<P, B, R, ErrorStatus>>['schema']
>;
type DeleteRequest<P extends z.ZodType, R extends z.ZodType> = RequestOf<
  ReturnType<typeof deleteRoute<P, R, ErrorStatus>>['schema']
>;

/** The PATCH of one resource: how it is documented, the body it takes, and the service call that edits. */
interface EditSpec<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
  readonly summary: string;
  readonly body: B;
  readonly errors: ErrorStatus[];
  readonly run: (
    request: EditRequest<P, B, R>,
    actor: Actor,
    expected: Expected,
  ) => Promise<z.output<R> & { revision: number }>;
}

/** The DELETE of one resource: how it is documented and the service call that deletes. */
interface RemoveSpec<P extends z.ZodType, R extends z.ZodType> {
  readonly summary: string;
  readonly errors: ErrorStatus[];
  readonly run: (request: DeleteRequest<P, R>, actor: Actor, expected: Expected) => Promise<unknown>;
}

/** One resource's conditional writes (If-Match) on its own path, with the permission they share. */
export interface ConditionalWriteRoutes<
  P extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
> extends RouteDoc {
  /** The resource's own path, with its id parameter (`/api/users/:id`). */
  readonly path: string;
  readonly params: P;
  readonly resource: R;
  readonly edit?: EditSpec<P, B, R>;
  readonly remove?: RemoveSpec<P, R>;
}

/**
 * Registers a resource's PATCH (200 with it and its ETag) and DELETE (204) under If-Match: the header is
 * read before the service runs, and a stale revision answers 412 with the current resource.
 */
export function conditionalWriteRoutes<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: ZodApp,
  spec: ConditionalWriteRoutes<P, B, R>,
): void {
  const { path, config, tags, params, resource, edit, remove } = spec;
  // Fastify resolves a handler's reply type from the route's schemas, which are type parameters here, so
  // it cannot check one; `run` is typed by them instead, and the response schemas check the reply.
  if (edit) {
    const { summary, body, errors, run } = edit;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reply type is checked at `run`, see above
    const handler = (request: EditRequest<P, B, R>, reply: FastifyReply): any =>
      sendEdited(request, reply, (actor, expected) => run(request, actor, expected));
    app.patch(path, editRoute({ config, tags, summary, params, body, resource, errors }), handler);
  }
  if (remove) {
    const { summary, errors, run } = remove;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    const handler = (request: DeleteRequest<P, R>, reply: FastifyReply): any =>
      sendDeleted(request, reply, (actor, expected) => run(request, actor, expected));
    app.delete(path, deleteRoute({ config, tags, summary, params, resource, errors }), handler);
  }
}

type CreateRequest<B extends z.ZodType, R extends z.ZodType> = RequestOf<
  ReturnType<typeof createRoute<B, R, ErrorStatus>>['schema']
>;

/** A POST that creates a resource from its body on behalf of the caller, answered 201 with it. */
export interface CreatedResourceRoute<B extends z.ZodType, R extends z.ZodType> extends RouteDoc {
  readonly path: string;
  readonly summary: string;
  readonly body: B;
  readonly resource: R;
  readonly errors: ErrorStatus[];
  /** The service call; the reply is there for one that also answers the new revision's ETag. */
  readonly run: (request: CreateRequest<B, R>, actor: Actor, reply: FastifyReply) => Promise<z.output<R>>;
}

/** Registers a resource's create: 201 with what the service made, as the signed-in caller. */
export function createdResourceRoute<B extends z.ZodType, R extends z.ZodType>(
  app: ZodApp,
  spec: CreatedResourceRoute<B, R>,
): void {
  const { path, run, ...doc } = spec;
  const answer = async (request: CreateRequest<B, R>, reply: FastifyReply) =>
    reply.status(201).send(await run(request, requestActor(request), reply));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in conditionalWriteRoutes: typed at `run`
  app.post(path, createRoute(doc), (request, reply): any => answer(request, reply));
}
