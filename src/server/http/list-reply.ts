import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../contract/common';

/** Sends a page of a list as a JSON array, with the filtered total in X-Total-Count. */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}
