import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '../../contract/api-tokens';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { badRequest } from '../errors';
import { addOnResponse, addOnSend, addPreHandler, addPreValidation, routeAnswers } from '../http/route-hooks';
import { accessHashOf, assertMayStillSee } from './idempotency-replay';
import {
  claimOrReplay,
  completeKey,
  DEFAULT_IDEMPOTENCY_LIMITS,
  releaseKey,
  renewKey,
  type IdempotencyLimits,
  type IdempotencyRequest,
} from './idempotency-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route ignores Idempotency-Key, because its response must never be stored (it carries
     * a secret shown once, such as a new API token).
     */
    idempotency?: false;
  }
  interface FastifyRequest {
    /** Set on a POST that carries an Idempotency-Key (docs/idempotency.md). */
    idempotency: IdempotencyState | null;
  }
}

interface IdempotencyState extends IdempotencyRequest {
  /** Set while this request owns the key: its response is stored when sent. */
  token?: string;
  /** Stops renewing the claim (the request answered, or failed before answering). */
  stopRenewing?: () => void;
}

/** The header a replayed response carries. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** Response headers a replay repeats; the rest (cache-control, security headers) each reply sets anew. */
const REPLAYED_HEADERS = ['content-type', 'etag', 'location'] as const;
/** Printable ASCII, space included (Node trims the ends). */
const KEY_PATTERN = /^[\x20-\x7e]+$/;

/** JSON with object keys sorted at every level: the same body in any key order hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item: unknown) => canonicalJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the method, the URL (path and query) and the body as sent (before validation trims it). */
export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${url}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

/** Keys are per caller: a token's retries never see its owner's session keys, nor the reverse. */
export const callerOf = (viewer: Viewer): string =>
  viewer.token ? `token:${viewer.token.id}` : `user:${viewer.user.id}`;

function parseKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  const problem =
    key.length === 0
      ? 'must not be empty'
      : key.length > IDEMPOTENCY_KEY_MAX_LENGTH
        ? `must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`
        : !KEY_PATTERN.test(key)
          ? 'must contain only printable ASCII characters'
          : undefined;
  if (problem) {
    throw badRequest(`Invalid Idempotency-Key header: it ${problem}`, [
      { path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message: `Idempotency-Key ${problem}` },
    ]);
  }
  return key;
}

/** Field names that hold a secret: a password, a passphrase, a client secret, a token, a private key. */
const SECRET_FIELD = /pass(?:word|phrase)|secret|token|credential|private_?key/i;

/**
 * Whether a body holds a field named like a secret, at any depth. Its request keeps no key record: even a
 * salted fast hash of a password is a cheap offline guess for whoever reads a backup (docs/idempotency.md).
 */
export function carriesSecret(body: unknown, depth = 0): boolean {
  if (body === null || typeof body !== 'object' || depth > 8) return false;
  if (Array.isArray(body)) return body.some((item: unknown) => carriesSecret(item, depth + 1));
  return Object.entries(body).some(
    ([name, value]) =>
      (SECRET_FIELD.test(name) && value !== undefined && value !== null) || carriesSecret(value, depth + 1),
  );
}

/**
 * A POST to a declared /api route by a signed-in caller; public routes (sign-in), routes that opt out
 * (`config.idempotency: false`) and bodies carrying a secret ignore the header. The route's part is decided
 * once, when it is declared (only such routes carry the hooks); the request's part on each request.
 */
const mayTakeKey = (route: RouteOptions): boolean =>
  routeAnswers(route, 'POST') &&
  route.config?.permission !== undefined &&
  route.config.idempotency !== false &&
  route.url.startsWith('/api/');

/** A route may answer other methods too; only its POSTs, by a signed-in caller, without a secret. */
const applies = (request: FastifyRequest): boolean =>
  request.method === 'POST' && request.viewer !== null && !carriesSecret(request.body);

function headerText(value: ReturnType<FastifyReply['getHeader']>): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function replayableHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = headerText(reply.getHeader(name));
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/**
 * Renews the claim every `heartbeatMs` while the request runs in this process: a key whose renewals
 * stopped belongs to a request that no longer runs, and only such a key is taken over (never one still
 * being worked on, however slow). Answers the function that stops the renewals.
 */
function keepRenewing(
  db: Database,
  state: IdempotencyRequest,
  token: string,
  heartbeatMs: number,
  request: FastifyRequest,
): () => void {
  const timer = setInterval(() => {
    renewKey(db, state, token).catch((error: unknown) =>
      request.log.warn({ err: error }, 'idempotency: could not renew a pending key'),
    );
  }, heartbeatMs);
  // The renewals never hold the process open at shutdown: a drained request has stopped them already.
  timer.unref();
  return () => clearInterval(timer);
}

/** Stores the owner's response, or forgets the claim on a 5xx or a body that cannot be stored. */
async function finish(
  db: Database,
  state: IdempotencyState,
  token: string,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const storable =
    payload === null || payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload);
  if (reply.statusCode >= 500 || !storable) {
    if (!storable) reply.log.warn('idempotency: a streamed response cannot be stored; key released');
    await releaseKey(db, state, token);
    return;
  }
  const body = payload === null || payload === undefined ? null : String(payload);
  await completeKey(db, state, token, { status: reply.statusCode, headers: replayableHeaders(reply), body });
}

// Before validation: the hash covers the body as the client sent it, not as the schema reshaped it.
const readKey: preValidationHookHandler = async (request) => {
  if (!applies(request) || !request.viewer) return;
  const key = parseKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
  if (key === undefined) return;
  const hash = requestHash(request.method, request.url, request.body);
  const accessHash = accessHashOf(request.viewer);
  request.idempotency = { caller: callerOf(request.viewer), key, requestHash: hash, accessHash };
};

// A reply that never reached onSend (the connection went first) must not keep its claim alive.
const stopRenewing: onResponseHookHandler = async (request) => request.idempotency?.stopRenewing?.();

/**
 * `Idempotency-Key` on every POST under /api (Stripe's semantics, docs/idempotency.md). Register after
 * the guard: the caller must be known, and a request refused by authorization or validation never
 * claims its key.
 */
export function registerIdempotency(
  app: FastifyInstance,
  deps: { db: Database; limits?: IdempotencyLimits },
): void {
  const limits = deps.limits ?? DEFAULT_IDEMPOTENCY_LIMITS;
  app.decorateRequest('idempotency', null);

  const claimOrAnswer: preHandlerHookHandler = async (request, reply) => {
    const state = request.idempotency;
    if (!state) return;
    const outcome = await claimOrReplay(deps.db, state, limits);
    if (outcome.kind === 'claimed') {
      state.token = outcome.token;
      state.stopRenewing = keepRenewing(deps.db, state, outcome.token, limits.heartbeatMs, request);
      return;
    }
    // The guard ran again for this request; what the stored answer shows must still be the caller's to see.
    if (request.viewer) assertMayStillSee(request.viewer, outcome.response, outcome.accessHash);
    const { status, headers, body } = outcome.response;
    reply.status(status).headers(headers).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return reply.send(body ?? undefined);
  };

  const storeAnswer: onSendHookHandler = async (request, reply, payload) => {
    const state = request.idempotency;
    const token = state?.token;
    if (!state || token === undefined) return payload;
    state.token = undefined;
    state.stopRenewing?.();
    try {
      await finish(deps.db, state, token, reply, payload);
    } catch (error) {
      // The response stands; the row stays pending until it goes stale and a retry takes it over.
      request.log.error({ err: error }, 'idempotency: could not store the response');
    }
    return payload;
  };

  // Only the routes a key may apply to carry the hooks; a read never pays for them. Each runs after the
  // app-wide hooks of its phase (the guard's authorization among them); the stored answer is the body
  // as the handler sent it, before the compression plugin's own onSend encodes it.
  app.addHook('onRoute', (route) => {
    if (!mayTakeKey(route)) return;
    addPreValidation(route, readKey, 'last');
    addPreHandler(route, claimOrAnswer, 'last');
    addOnSend(route, storeAnswer, 'first');
    addOnResponse(route, stopRenewing, 'last');
  });
}
