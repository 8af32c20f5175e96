import { errorBodySchema } from '../../contract/errors';

/** Declares the error bodies a route can answer with, so the OpenAPI document lists them. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}
