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
  /^timeout expired$/, // a client's own connect (connectionTimeoutMillis), outside the pool
  /^Query read timeout$/, // query_timeout: the server went silent
  /is not queryable$/, // "Client has encountered a connection error and is not queryable"
  /^Cannot use a pool after calling end on the pool$/,
];

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The code of the error a request gets at once while the circuit breaker holds the database unreachable. */
export const BREAKER_OPEN_CODE = 'DB_BREAKER_OPEN';

/**
 * The faults that mean the server cannot be reached at all (what opens the circuit breaker), as opposed to
 * one slow statement, a full pool or a server that is up but busy: those keep their 503 but say nothing
 * about the next request's chances.
 */
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/, // ended mid-query, or a new connection timed out
  /^Query read timeout$/, // silent past the statement timeout: the network, not the statement
  /^timeout expired$/, // a client's own connect timed out
  /is not queryable$/,
];

function isUnavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  if (code === BREAKER_OPEN_CODE) return true;
  if (SQLSTATE.test(code)) return code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code);
  return NETWORK_ERRNOS.has(code);
}

function isUnreachableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  if (SQLSTATE.test(code)) return code.startsWith('08') || UNREACHABLE_SQLSTATES.has(code);
  return NETWORK_ERRNOS.has(code);
}

const matchesAny = (message: unknown, patterns: RegExp[]) =>
  typeof message === 'string' && patterns.some((pattern) => pattern.test(message));

/**
 * True when `error` or anything it wraps passes `test` (Drizzle wraps driver errors in `cause`; a refused
 * connection to a host with several addresses is an AggregateError).
 */
function anyInChain(error: unknown, test: (error: object) => boolean, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  if (test(error)) return true;
  const errors = propertyOf(error, 'errors');
  if (Array.isArray(errors) && errors.some((inner) => anyInChain(inner, test, depth + 1))) return true;
  return anyInChain(propertyOf(error, 'cause'), test, depth + 1);
}

/** True when `error`, or anything it wraps, is a database availability fault (answered 503). */
export const isDatabaseUnavailable = (error: unknown): boolean =>
  anyInChain(
    error,
    (e) => isUnavailableCode(propertyOf(e, 'code')) || matchesAny(propertyOf(e, 'message'), DRIVER_MESSAGES),
  );

/** True when `error`, or anything it wraps, shows the database cannot be reached (opens the breaker). */
export const isDatabaseUnreachable = (error: unknown): boolean =>
  anyInChain(
    error,
    (e) =>
      isUnreachableCode(propertyOf(e, 'code')) || matchesAny(propertyOf(e, 'message'), UNREACHABLE_MESSAGES),
  );

/** True when the request was refused by the open circuit breaker (the outage itself was logged once). */
export const isBreakerRefusal = (error: unknown): boolean =>
  anyInChain(error, (e) => propertyOf(e, 'code') === BREAKER_OPEN_CODE);

/** True when `error`, or anything it wraps, is a statement cancelled by its `statement_timeout`. */
export const isStatementTimeout = (error: unknown): boolean =>
  anyInChain(error, (e) => propertyOf(e, 'code') === '57014');
