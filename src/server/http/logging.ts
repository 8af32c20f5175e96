import type { FastifyRequest, FastifyServerOptions } from 'fastify';

import { propertyOf } from '../unknown';
/**
 * What the logs must never carry: passwords, password hashes, session and API tokens (headers and query
 * string), cookies and SQL parameter values. Two layers: pino `redact` for known places in request logs, and an error serializer that copies
 * only an allow-list of fields, because a failed query's error (Drizzle's DrizzleQueryError, pg's
 * DatabaseError) carries the SQL, its parameters and row values in fields, message and stack alike.
 */

const CENSOR = '[redacted]';

/** Paths pino blanks out wherever a log line has them. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'body.password',
  'body.currentPassword',
  'body.newPassword',
  'req.body.password',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.sessionToken',
  '*.cookie',
];

/** Error fields safe to log: what went wrong and where, never the data involved. */
const SAFE_ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'statusCode',
] as const;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  errors?: SerializedError[];
  [field: string]: unknown;
}

/**
 * Removes data from an error message: Drizzle's "Failed query: <sql>\nparams: <values>" keeps only its
 * first words, and PostgreSQL's quoted input values ('invalid input syntax for type uuid: "..."') go.
 */
export function scrubMessage(message: string): string {
  if (message.startsWith('Failed query:')) return 'Failed query (SQL and parameters withheld from the log)';
  return message.replace(/(for type [^:]+: )".*"/s, `$1"${CENSOR}"`).replace(/\nparams: .*$/s, '');
}

/** The stack's frames under the scrubbed message (V8 repeats the message at the top of `stack`). */
function scrubStack(type: string, message: string, stack: unknown): string {
  if (typeof stack !== 'string') return '';
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

/** pino serializer for `err`: an allow-list copy of the error and its causes, with scrubbed messages. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return {
      type: typeof error,
      message: depth > 0 ? '[non-error cause]' : scrubMessage(String(error)),
      stack: '',
    };
  }
  const type = error.constructor.name === 'Error' ? error.name : error.constructor.name;
  const message = scrubMessage(error.message);
  const out: SerializedError = { type, message, stack: scrubStack(type, message, error.stack) };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = propertyOf(error, field);
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (depth < 5 && error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
  if (depth < 5 && error instanceof AggregateError) {
    out.errors = error.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  }
  return out;
}

/**
 * Query parameters whose values are credentials: a token sent as `?access_token=` is refused, but its
 * request is still logged; OAuth's names, and the sign-in callback's one-time code, likewise.
 */
const SECRET_QUERY_PARAMS = new Set([
  'access_token',
  'id_token',
  'refresh_token',
  'token',
  'code',
  'client_secret',
]);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The URL with the values of credential-bearing query parameters blanked, everything else as sent. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_QUERY_PARAMS.has(decodedName(name)) ? `${name}=${CENSOR}` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

/** What Fastify logs of a request (its own default's fields), with the URL's credentials blanked. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify logger options: level, redaction and the safe error serializer. */
export function loggerOptions(
  level: string,
  extra: { stream?: { write(line: string): void } } = {},
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    ...extra,
  };
}
