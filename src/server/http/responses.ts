import { z } from 'zod';
import { idParamSchema } from '../../contract/common';
import { errorResponses, preconditionFailed } from './error-responses';

/** The path parameters of a route on one row by id. */
export const idParams = z.object({ id: idParamSchema });

/** The responses of a conditional edit (If-Match): the resource, its errors, and the 412 carrying it. */
export function updatedResponses<T extends z.ZodType, S extends number>(resource: T, ...statuses: S[]) {
  return { 200: resource, ...errorResponses(...statuses), ...preconditionFailed(resource) };
}

/** The responses of a conditional delete (If-Match): no body, its errors, and the 412 carrying the resource. */
export function deletedResponses<T extends z.ZodType, S extends number>(resource: T, ...statuses: S[]) {
  return { 204: z.null(), ...errorResponses(...statuses), ...preconditionFailed(resource) };
}
