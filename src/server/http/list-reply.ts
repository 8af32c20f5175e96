import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../contract/common';
import {
  NEXT_CURSOR_HEADER,
  PREVIOUS_CURSOR_HEADER,
  TOTAL_IS_ESTIMATE_HEADER,
} from '../../contract/list-cursor';
import type { ListPage } from '../db/list';

/**
 * Sends a page of a list as a JSON array, with the filtered total in X-Total-Count (flagged by
 * X-Total-Is-Estimate when estimated) and the cursors of the neighbouring pages.
 */
export function sendPage<T>(reply: FastifyReply, page: ListPage<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.totalIsEstimate) reply.header(TOTAL_IS_ESTIMATE_HEADER, 'true');
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  if (page.previousCursor) reply.header(PREVIOUS_CURSOR_HEADER, page.previousCursor);
  return page.items;
}
