import type { z } from 'zod';
import { errorBodySchema, preconditionFailedBodySchema } from '../../contract/errors';
import { recordOf } from '../../contract/sets';

/** Declares the error bodies a route can answer with, so the OpenAPI document lists them. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return recordOf(statuses, () => errorBodySchema);
}

/** The 412 a conditional write (If-Match) answers with, carrying the current resource in its schema. */
export function preconditionFailed<T extends z.ZodType>(
  current: T,
): { 412: ReturnType<typeof preconditionFailedBodySchema<T>> } {
  return { 412: preconditionFailedBodySchema(current) };
}
