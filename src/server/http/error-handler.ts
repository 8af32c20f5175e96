import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorStatus, type ErrorBody, type FieldIssue } from '../../contract/errors';
import { DATABASE_RETRY_AFTER_SECONDS, isBreakerRefusal, isDatabaseUnavailable } from '../db/faults';
import { AppError } from '../errors';
import { PreconditionFailedError } from '../revisions';
import { propertyOf } from '../unknown';

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
    const code = propertyOf(e, 'code');
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = propertyOf(e, 'cause');
  }
  return undefined;
}

interface ErrorReply {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

function appErrorReply(error: AppError): ErrorReply {
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

/** A request that its route's schemas refused: a 400 naming each field. */
function validationReply(
  error: unknown,
  validation: { instancePath: string; message?: string }[],
): ErrorReply {
  const context = propertyOf(error, 'validationContext');
  const where = typeof context === 'string' ? context : 'request';
  const issues: FieldIssue[] = validation.map((v) => ({
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

const conflictReply = (message: string): ErrorReply => ({ status: 409, body: { message, code: 'CONFLICT' } });

/** What the database refused, by SQLSTATE: bad input or a lost race (undefined for anything else). */
function constraintReply(error: unknown): ErrorReply | undefined {
  switch (pgCode(error)) {
    case PG_UNIQUE_VIOLATION:
      return conflictReply('The resource already exists or was changed concurrently');
    case PG_FOREIGN_KEY_VIOLATION:
      return conflictReply('The resource is referenced by, or refers to, a missing resource');
    case PG_DEADLOCK_DETECTED:
    case PG_SERIALIZATION_FAILURE:
      // Lock order (docs/decisions/003) should prevent these; if one still happens, the transaction was
      // rolled back whole and retrying it is safe.
      return conflictReply('The change collided with a concurrent change and was not applied; retry it');
    case PG_CHECK_VIOLATION:
    case PG_NOT_NULL_VIOLATION:
    case PG_INVALID_TEXT:
    case PG_UNTRANSLATABLE_CHARACTER:
    case PG_CHARACTER_NOT_IN_REPERTOIRE:
      return { status: 400, body: { message: 'A value is not allowed', code: 'VALIDATION_FAILED' } };
  }
  return undefined;
}

/** Fastify's own 4xx (malformed JSON, body too large, unsupported media type) are the client's fault. */
function clientErrorReply(error: unknown): ErrorReply | undefined {
  const status = propertyOf(error, 'statusCode');
  if (typeof status !== 'number' || !status || status < 400 || status >= 500) return undefined;
  const code = status === 404 ? 'NOT_FOUND' : status === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED';
  const message = propertyOf(error, 'message');
  return { status, body: { message: typeof message === 'string' ? message : 'Bad request', code } };
}

function toBody(error: unknown, request: FastifyRequest): ErrorReply {
  if (error instanceof AppError) return appErrorReply(error);
  if (hasZodFastifySchemaValidationErrors(error)) return validationReply(error, error.validation);
  if (isDatabaseUnavailable(error)) {
    // Not a bug and not the client's fault: the database is down, unreachable, overloaded or timed out.
    // Only a 2xx acknowledges a write; a connection lost during COMMIT leaves it unknown, so retries of
    // creates should check first (the usual at-least-once caveat).
    // While the breaker is open every request would log the same line: its opening was logged once.
    if (isBreakerRefusal(error)) request.log.debug('database unavailable (circuit breaker open)');
    else request.log.warn({ err: error }, 'database unavailable');
    return {
      status: 503,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      body: { message: 'The database is unavailable; try again shortly', code: 'DATABASE_UNAVAILABLE' },
    };
  }
  const known = constraintReply(error) ?? clientErrorReply(error);
  if (known) return known;
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
