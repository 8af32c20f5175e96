import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorStatus, type ErrorBody, type FieldIssue } from '../../contract/errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/faults';
import { AppError } from '../errors';
import { PreconditionFailedError } from '../revisions';

/** PostgreSQL SQLSTATEs that bad input or a lost race can still produce. */
const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
const PG_CHECK_VIOLATION = '23514';
const PG_NOT_NULL_VIOLATION = '23502';
const PG_INVALID_TEXT = '22P02';
/** Text the database cannot store (a NUL, bytes outside UTF-8): http/refused-text.ts stops it first. */
const PG_UNTRANSLATABLE_CHARACTER = '22P05';
const PG_CHARACTER_NOT_IN_REPERTOIRE = '22021';
const PG_DEADLOCK_DETECTED = '40P01';
const PG_SERIALIZATION_FAILURE = '40001';

function pgCode(error: unknown): string | undefined {
  // Drizzle wraps driver errors; the SQLSTATE sits on the error or its cause.
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function toBody(
  error: unknown,
  request: FastifyRequest,
): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    return {
      status: errorStatus[error.code],
      headers: error.headers,
      body: {
        message: error.message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
        ...(error instanceof PreconditionFailedError
          ? { currentRevision: error.currentRevision, current: error.current }
          : {}),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error as { validationContext?: string }).validationContext ?? 'request';
    const issues: FieldIssue[] = error.validation.map((v) => ({
      path: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
      message: v.message ?? 'Invalid value',
    }));
    const first = issues[0];
    return {
      status: 400,
      body: {
        message: first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request',
        code: 'VALIDATION_FAILED',
        issues,
      },
    };
  }
  if (isDatabaseUnavailable(error)) {
    // Not a bug and not the client's fault: the database is down, unreachable, overloaded or timed out.
    // Only a 2xx acknowledges a write; a connection lost during COMMIT leaves it unknown, so retries of
    // creates should check first (the usual at-least-once caveat).
    request.log.warn({ err: error }, 'database unavailable');
    return {
      status: 503,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      body: { message: 'The database is unavailable; try again shortly', code: 'DATABASE_UNAVAILABLE' },
    };
  }
  switch (pgCode(error)) {
    case PG_UNIQUE_VIOLATION:
      return {
        status: 409,
        body: { message: 'The resource already exists or was changed concurrently', code: 'CONFLICT' },
      };
    case PG_FOREIGN_KEY_VIOLATION:
      return {
        status: 409,
        body: {
          message: 'The resource is referenced by, or refers to, a missing resource',
          code: 'CONFLICT',
        },
      };
    case PG_DEADLOCK_DETECTED:
    case PG_SERIALIZATION_FAILURE:
      // Lock order (docs/decisions/003) should prevent these; if one still happens, the transaction was
      // rolled back whole and retrying it is safe.
      return {
        status: 409,
        body: {
          message: 'The change collided with a concurrent change and was not applied; retry it',
          code: 'CONFLICT',
        },
      };
    case PG_CHECK_VIOLATION:
    case PG_NOT_NULL_VIOLATION:
    case PG_INVALID_TEXT:
    case PG_UNTRANSLATABLE_CHARACTER:
    case PG_CHARACTER_NOT_IN_REPERTOIRE:
      return { status: 400, body: { message: 'A value is not allowed', code: 'VALIDATION_FAILED' } };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  // Fastify's own 4xx (malformed JSON, body too large, unsupported media type) are the client's fault.
  if (status && status >= 400 && status < 500) {
    const code = status === 404 ? 'NOT_FOUND' : status === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED';
    return { status, body: { message: fastifyError.message ?? 'Bad request', code } };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } };
}

/** One error handler for the whole API: JSON bodies, 4xx for bad input, 5xx details only in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers } = toBody(error, request);
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  });
}
