import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifMatchRevision, withEtag } from '../http/if-match';
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
