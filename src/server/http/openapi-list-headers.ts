import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../contract/common';
import {
  NEXT_CURSOR_HEADER,
  PREVIOUS_CURSOR_HEADER,
  TOTAL_IS_ESTIMATE_HEADER,
} from '../../contract/list-cursor';
import { isJsonObject, propertyOf } from '../unknown';

/**
 * The response headers of a list (http/list-reply.ts), each declared by the query parameter that makes a
 * list send it: every paged list (`limit`) counts, a list that pages by cursor gives the neighbours'
 * cursors, and one that may estimate its total says so. Route schemas carry zod bodies only, so the
 * OpenAPI document learns the headers here, for every list at once, rather than on each route.
 */
const LIST_HEADERS: { query: string; header: string; description: string }[] = [
  {
    query: 'limit',
    header: TOTAL_COUNT_HEADER,
    description: 'Rows the filters keep, across all pages (an estimate when X-Total-Is-Estimate is true).',
  },
  {
    query: 'exactTotal',
    header: TOTAL_IS_ESTIMATE_HEADER,
    description: '"true" when X-Total-Count is the planner\'s estimate of a large unfiltered list.',
  },
  {
    query: 'cursor',
    header: NEXT_CURSOR_HEADER,
    description: 'Cursor of the next page (pass as `cursor`); absent on the last page.',
  },
  {
    query: 'cursor',
    header: PREVIOUS_CURSOR_HEADER,
    description: 'Cursor of the previous page (pass as `cursor`); absent on the first page.',
  },
];

/** The headers a list with this (JSON Schema) querystring sends, for its 200 response. */
function listHeadersOf(querystring: unknown): Record<string, { type: 'string'; description: string }> {
  const properties = propertyOf(querystring, 'properties');
  const headers: Record<string, { type: 'string'; description: string }> = {};
  for (const { query, header, description } of LIST_HEADERS) {
    if (propertyOf(properties, query) !== undefined) headers[header] = { type: 'string', description };
  }
  return headers;
}

/** `transform` (the zod conversion) followed by the list headers on each list's 200 response. */
export function withListHeaders<S extends FastifySchema>(
  transform: SwaggerTransform<S>,
): SwaggerTransform<S> {
  return (document) => {
    const transformed = transform(document);
    const { response, querystring } = transformed.schema;
    const ok: unknown = propertyOf(response, '200');
    if (!isJsonObject(response) || !isJsonObject(ok) || ok.type !== 'array') return transformed;
    const headers = listHeadersOf(querystring);
    if (Object.keys(headers).length === 0) return transformed;
    return {
      ...transformed,
      schema: { ...transformed.schema, response: { ...response, 200: { ...ok, headers } } },
    };
  };
}
