import { z } from 'zod';

/** Machine-readable error codes; the server maps each to one HTTP status. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PRECONDITION_FAILED',
  /** The tenant's approval policy asks for a change request instead (docs/changes.md). */
  'APPROVAL_REQUIRED',
  /** A change request's diff no longer matches the live state: refresh it. */
  'STALE_CHANGE',
  /** A revert would overwrite a target someone changed since: say skip or overwrite for each (docs/releases.md). */
  'REVERT_DECISION_NEEDED',
  'RATE_LIMITED',
  /** An Idempotency-Key already used for a different request (docs/idempotency.md). */
  'IDEMPOTENCY_KEY_REUSED',
  /** The first request with this Idempotency-Key is still running: retry after Retry-After. */
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  'SERVICE_UNAVAILABLE',
  /** The database is down, unreachable or overloaded: retry after the Retry-After header's seconds. */
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** If-Match named an older revision than the resource's: someone else saved in between. */
  PRECONDITION_FAILED: 412,
  APPROVAL_REQUIRED: 409,
  STALE_CHANGE: 409,
  REVERT_DECISION_NEEDED: 409,
  RATE_LIMITED: 429,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export const fieldIssueSchema = z.object({
  /** Dotted path of the offending field, e.g. "body.email" or "params.environment". */
  path: z.string(),
  /** In plain words, for people ("Field retries must be an integer"). */
  message: z.string(),
  /** 1-based line within the field's text, when the problem has one (a Rego policy's syntax). */
  line: z.number().int().min(1).optional(),
  /** 1-based column on that line, with `line`. */
  column: z.number().int().min(1).optional(),
  /** The technical form, when it differs (a validator's own text): shown behind a "Details" disclosure. */
  detail: z.string().optional(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** Body of every non-2xx API response. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  issues: z.array(fieldIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Body of a 412: a conditional write (If-Match) lost to someone else's save. `current` is the resource
 * as it is now (its schema per route), so the client can show what changed and rebase on it.
 */
export const preconditionFailedBodySchema = <T extends z.ZodType>(current: T) =>
  errorBodySchema.extend({
    code: z.literal('PRECONDITION_FAILED'),
    currentRevision: z.number().int(),
    current,
  });
export type PreconditionFailedBody<T = unknown> = ErrorBody & {
  code: 'PRECONDITION_FAILED';
  currentRevision: number;
  current: T;
};
