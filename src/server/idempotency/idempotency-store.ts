import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../errors';
import { startPeriodicTask, type PeriodicTask } from '../periodic';

/**
 * The rows behind `Idempotency-Key` (docs/idempotency.md). Every decision about time is the database's
 * (`now()`), so server processes with drifting clocks agree on what is expired or stale.
 */

export interface IdempotencyLimits {
  /** How long a retry waits for the first request with its key to finish before answering 409. */
  waitMs: number;
  /** How often a waiting retry reads the row again. */
  pollMs: number;
  /**
   * A pending row not renewed for this long belongs to a request that no longer runs (its process died,
   * or it ended without storing an answer): the next request with the key takes it over.
   */
  staleMs: number;
  /** How often the process running a request renews its pending row; well inside `staleMs`. */
  heartbeatMs: number;
}

export const DEFAULT_IDEMPOTENCY_LIMITS: IdempotencyLimits = {
  waitMs: 30_000,
  pollMs: 50,
  staleMs: 60_000,
  heartbeatMs: 10_000,
};
/** Seconds the 409 of a key still in progress tells the client to wait. */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;
/** How often each server process deletes expired keys. */
export const IDEMPOTENCY_SWEEP_INTERVAL_MS = 10 * 60_000;

export interface IdempotencyRequest {
  /** `user:<id>` or `token:<id>`. */
  caller: string;
  key: string;
  requestHash: string;
  /** The caller's access when this request runs (`accessHashOf`, idempotency-replay.ts). */
  accessHash: string;
}

/** What a replay repeats. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/**
 * `claimed`: this request owns the key and does the work; `token` is the row's createdAt at the claim,
 * which only this claim matches (a takeover writes a new one), so a slow first owner cannot overwrite
 * or delete the row of the request that took it over.
 */
export type IdempotencyOutcome =
  | { kind: 'claimed'; token: string }
  /**
   * `accessHash`: the caller's access when the answer was made; null on rows stored before it was kept
   * (never replayed).
   */
  | { kind: 'replay'; response: StoredResponse; accessHash: string | null };

/** Milliseconds only: PGlite hands timestamps back as Date, which keeps no more, and the token must match. */
const claimTime = sql`date_trunc('milliseconds', now())`;
const expiry = sql`now() + interval '24 hours'`;
const keyIs = (req: IdempotencyRequest) =>
  and(eq(idempotencyKeys.caller, req.caller), eq(idempotencyKeys.key, req.key));
const staleBefore = (limits: IdempotencyLimits) =>
  sql`now() - (${Math.round(limits.staleMs)}::int * interval '1 millisecond')`;

async function insertKey(db: Database, req: IdempotencyRequest): Promise<string | undefined> {
  const [row] = await db
    .insert(idempotencyKeys)
    .values({ ...req, createdAt: claimTime, expiresAt: expiry })
    .onConflictDoNothing()
    .returning({ token: idempotencyKeys.createdAt });
  return row?.token;
}

async function readKey(db: Database, req: IdempotencyRequest, limits: IdempotencyLimits) {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      completedAt: idempotencyKeys.completedAt,
      status: idempotencyKeys.responseStatus,
      headers: idempotencyKeys.responseHeaders,
      body: idempotencyKeys.responseBody,
      accessHash: idempotencyKeys.accessHash,
      expired: sql<boolean>`${idempotencyKeys.expiresAt} <= now()`,
      stale: sql<boolean>`${idempotencyKeys.completedAt} is null and ${idempotencyKeys.heartbeatAt} < ${staleBefore(limits)}`,
    })
    .from(idempotencyKeys)
    .where(keyIs(req));
  return row;
}

/**
 * Claims an existing row for this request, atomically: an expired one (the key is new again), or a
 * pending one of the same request that nobody renews any more. Undefined when another request won.
 */
async function takeOver(
  db: Database,
  req: IdempotencyRequest,
  reason: 'expired' | 'stale',
  limits: IdempotencyLimits,
): Promise<string | undefined> {
  const condition =
    reason === 'expired'
      ? lte(idempotencyKeys.expiresAt, sql`now()`)
      : and(
          eq(idempotencyKeys.requestHash, req.requestHash),
          isNull(idempotencyKeys.completedAt),
          sql`${idempotencyKeys.heartbeatAt} < ${staleBefore(limits)}`,
        );
  const [row] = await db
    .update(idempotencyKeys)
    .set({
      requestHash: req.requestHash,
      accessHash: req.accessHash,
      createdAt: claimTime,
      heartbeatAt: sql`now()`,
      expiresAt: expiry,
      completedAt: null,
      responseStatus: null,
      responseHeaders: null,
      responseBody: null,
    })
    .where(and(keyIs(req), condition))
    .returning({ token: idempotencyKeys.createdAt });
  return row?.token;
}

function parseHeaders(text: string | null): Record<string, string> {
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object') return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims the key for this request, or answers the stored response of the first request that used it;
 * waits while that one is still running. Throws 422 when the key was used for another request, and 409
 * when the first request is still running after `waitMs`.
 */
export async function claimOrReplay(
  db: Database,
  req: IdempotencyRequest,
  limits: IdempotencyLimits = DEFAULT_IDEMPOTENCY_LIMITS,
): Promise<IdempotencyOutcome> {
  const deadline = Date.now() + limits.waitMs;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      if (Date.now() >= deadline) {
        throw new AppError(
          'IDEMPOTENCY_KEY_IN_PROGRESS',
          'A request with this Idempotency-Key is still being processed; retry it shortly',
          undefined,
          { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_SECONDS) },
        );
      }
      await sleep(limits.pollMs);
    }
    const inserted = await insertKey(db, req);
    if (inserted) return { kind: 'claimed', token: inserted };
    const row = await readKey(db, req, limits);
    // Deleted since the insert failed (its first request answered 5xx): claim it on the next round.
    if (!row) continue;
    if (row.expired || (row.requestHash === req.requestHash && row.stale)) {
      const token = await takeOver(db, req, row.expired ? 'expired' : 'stale', limits);
      if (token) return { kind: 'claimed', token };
      continue;
    }
    if (row.requestHash !== req.requestHash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request (another method, path or body); ' +
          'use a new key for a new request',
      );
    }
    if (row.completedAt !== null && row.status !== null) {
      return {
        kind: 'replay',
        response: { status: row.status, headers: parseHeaders(row.headers), body: row.body },
        accessHash: row.accessHash,
      };
    }
  }
}

/** Stores the response of the request that claimed the key; a replay repeats it from now on. */
export async function completeKey(
  db: Database,
  req: IdempotencyRequest,
  token: string,
  response: StoredResponse,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      completedAt: sql`now()`,
      responseStatus: response.status,
      responseHeaders: JSON.stringify(response.headers),
      responseBody: response.body,
    })
    .where(and(keyIs(req), eq(idempotencyKeys.createdAt, token), isNull(idempotencyKeys.completedAt)));
}

/**
 * Renews a pending claim while its request runs (docs/idempotency.md, "Stale takeover"); a claim already
 * completed, released or taken over is left alone.
 */
export async function renewKey(db: Database, req: IdempotencyRequest, token: string): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ heartbeatAt: sql`now()` })
    .where(and(keyIs(req), eq(idempotencyKeys.createdAt, token), isNull(idempotencyKeys.completedAt)));
}

/** Forgets a claim whose request failed (5xx): a retry with the same key does the work again. */
export async function releaseKey(db: Database, req: IdempotencyRequest, token: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(keyIs(req), eq(idempotencyKeys.createdAt, token), isNull(idempotencyKeys.completedAt)));
}

/** Deletes the expired keys (past their 24 hours); answers how many. */
export async function sweepIdempotencyKeys(db: Database): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** Runs sweepIdempotencyKeys every `intervalMs` (default 10 minutes) in this process. */
export function startIdempotencySweeper(
  db: Database,
  options: { intervalMs?: number; onError: (error: unknown) => void },
): PeriodicTask {
  return startPeriodicTask(() => sweepIdempotencyKeys(db), {
    intervalMs: options.intervalMs ?? IDEMPOTENCY_SWEEP_INTERVAL_MS,
    onError: options.onError,
  });
}
