/**
 * Which errors mean "the database cannot be reached or refused to work right now" (answered 503 with
 * Retry-After), as opposed to a bad query or bad data (a 4xx or a real bug). Kept apart from the HTTP
 * error handler so the process-level guard in main.ts can ask the same question.
 */

import { propertyOf } from '../unknown';

/** Seconds a client should wait before retrying a request that met a database fault. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** SQLSTATEs outside class 08 (connection exception) that mean the server is going away or overloaded. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (fast or immediate shutdown)
  '57P02', // crash_shutdown: another backend crashed, the server is resetting
  '57P03', // cannot_connect_now: starting up, shutting down, or in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout fired
  '25P03', // idle_in_transaction_session_timeout fired
]);

/** Socket errors from Node when the server is down, unreachable or drops the connection. */
const NETWORK_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Messages of errors that `pg` and `pg-pool` create themselves, without a code: a connection that ended
 * mid-query, a connect or pool checkout that timed out, the client-side query timeout, a client that
 * already lost its connection, or a pool closed while the server shuts down.
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "...unexpectedly", "...due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pool checkout (connectionTimeoutMillis)
  /^Query read timeout$/, // query_timeout: the server went silent
  /is not queryable$/, // "Client has encountered a connection error and is not queryable"
  /^Cannot use a pool after calling end on the pool$/,
];

const SQLSTATE = /^[0-9A-Z]{5}$/;

function isUnavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  if (SQLSTATE.test(code)) return code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code);
  return NETWORK_ERRNOS.has(code);
}

/**
 * True when `error`, or anything it wraps (Drizzle wraps driver errors in `cause`; a refused connection
 * to a host with several addresses is an AggregateError), is a database availability fault.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  if (isUnavailableCode(propertyOf(error, 'code'))) return true;
  const message = propertyOf(error, 'message');
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  const errors = propertyOf(error, 'errors');
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(propertyOf(error, 'cause'), depth + 1);
}
