import { getTableName, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { pastBoundary } from './keyset';
import {
  generationOf,
  walkLandmarks,
  WALK_TIMEOUT_MS,
  type LandmarkEntry,
  type LandmarkRead,
} from './landmark-walk';

export type { LandmarkRead } from './landmark-walk';

/*
 * Landmarks (docs/lists.md, "Landmarks"): a list remembers the sort key of every LANDMARK_SPACING-th
 * row of an order (a table, a sort, filters on that table alone), so an offset page starts from the
 * landmark just before it instead of from the first row. They are valid only while the table's write
 * generation is the one they were read at: every statement that writes a table of LANDMARKED_TABLES moves
 * its sequence `<table>_list_generation` on (migration 0024), holding the shared advisory lock
 * ADVISORY_LOCKS.listGeneration on the table to its commit.
 */

/** The tables whose writes bump a generation (migration 0024): only their lists read pages from landmarks. */
export const LANDMARKED_TABLES = [
  'tenants',
  'microfrontend_versions',
  'users',
  'user_profiles',
  'capabilities',
  'microfrontends',
  'web_apps',
  'web_app_meshes',
  'audit_events',
  'change_requests',
] as const;

const landmarked = new Set<string>(LANDMARKED_TABLES);

/** Rows between two landmarks: a page read from a landmark walks fewer than this many rows first. */
export const LANDMARK_SPACING = 25;

/**
 * What is kept, least recently used first out: orders (table, sort and filters; each search may make
 * one) and landmarks in all (100-200 bytes each, 700 with the longest keys the contract allows: 10 MB
 * as a rule, 35 MB at most, whatever the requests ask).
 */
const MAX_ORDERS = 200;
export const MAX_LANDMARKS = 50_000;

/** Rows one locked walk reads at most: the table's writers wait for one such walk (10-30 ms). */
const WALK_ROWS = 20_000;

const dialect = new PgDialect();

/** An entry's name: the table, the sort and the filters with their values. */
function entryName(table: PgTable, sort: string, where?: SQL): string {
  const filter = where ? dialect.sqlToQuery(where) : undefined;
  return JSON.stringify([getTableName(table), sort, filter?.sql, filter?.params]);
}

/** The landmarks of every list order of one database. */
export class Landmarks {
  private readonly entries = new Map<string, LandmarkEntry>();
  /** Landmarks held across all entries. */
  private held = 0;

  private readonly spacing: number;
  private readonly maxLandmarks: number;
  private readonly walkRows: number;
  private readonly walkTimeoutMs: number;

  constructor(
    options: { spacing?: number; maxLandmarks?: number; walkRows?: number; walkTimeoutMs?: number } = {},
  ) {
    this.spacing = options.spacing ?? LANDMARK_SPACING;
    this.maxLandmarks = options.maxLandmarks ?? MAX_LANDMARKS;
    this.walkRows = options.walkRows ?? WALK_ROWS;
    this.walkTimeoutMs = options.walkTimeoutMs ?? WALK_TIMEOUT_MS;
  }

  /** Whether landmarks of the table's list in this sort and filter are held (whatever their generation). */
  knows(table: PgTable, sort: string, where?: SQL): boolean {
    return this.entries.has(entryName(table, sort, where));
  }

  static isLandmarked(table: PgTable): boolean {
    return landmarked.has(getTableName(table));
  }

  /**
   * The page read from the landmark before `offset`, or undefined when none may serve it (the page is
   * near the start, the table changed since, or a writer held the table while landmarks were read); the
   * caller then reads it from the first row.
   */
  async read<T>(db: Executor, read: LandmarkRead<T>): Promise<T[] | undefined> {
    const index = Math.floor(read.offset / this.spacing);
    if (index === 0) return undefined;
    const name = entryName(read.table, read.sort, read.where);
    const entry = await this.entryUpTo(db, name, read, index);
    const mark = entry?.marks[index - 1];
    if (!entry || !mark) return undefined;
    const rows = await read.pageAfter(
      pastBoundary(read.order, mark.key, mark.id),
      read.offset - index * this.spacing,
    );
    // Read after the page: a write committed before the page's snapshot bumped the sequence before it.
    if ((await generationOf(db, read.table)) === entry.generation) return rows;
    this.remember(name, undefined);
    return undefined;
  }

  /** The entry with at least `count` landmarks, read now when it has fewer (or is of an older generation). */
  private async entryUpTo(db: Executor, name: string, read: LandmarkRead<unknown>, count: number) {
    const known = this.entries.get(name);
    const entry =
      known && known.marks.length >= count ? known : await this.readLandmarks(db, read, count, known);
    this.remember(name, entry);
    return entry;
  }

  /** Keeps an order's landmarks as the most recently used (none: forgets them), within the bounds. */
  private remember(name: string, entry: LandmarkEntry | undefined): void {
    const previous = this.entries.get(name);
    if (previous) {
      this.entries.delete(name);
      this.held -= previous.marks.length;
    }
    if (!entry) return;
    this.entries.set(name, entry);
    this.held += entry.marks.length;
    // A Map iterates in insertion order: least recently used first. The newest entry always stays.
    for (const [oldest, old] of this.entries) {
      if (oldest === name || (this.entries.size <= MAX_ORDERS && this.held <= this.maxLandmarks)) break;
      this.entries.delete(oldest);
      this.held -= old.marks.length;
    }
  }

  /**
   * Reads landmarks up to `count`, from those of `known` when the table is unchanged since, in walks of
   * at most `walkRows` rows (landmark-walk.ts). Undefined when a writer held the table, a walk took too
   * long, or the table changed between two walks.
   */
  private async readLandmarks(
    db: Executor,
    read: LandmarkRead<unknown>,
    count: number,
    known: LandmarkEntry | undefined,
  ): Promise<LandmarkEntry | undefined> {
    // Inside a caller's transaction the lock would be held to its end, blocking the table's writers.
    if (db instanceof PgTransaction) return undefined;
    let entry = known;
    let walked = false;
    for (;;) {
      const step = await walkLandmarks(db, read, this.spacing, entry, {
        count,
        maxMarks: Math.max(1, Math.floor(this.walkRows / this.spacing)),
        timeoutMs: this.walkTimeoutMs,
      });
      if (!step) return undefined;
      if (walked && step.generation !== entry?.generation) return undefined;
      walked = true;
      entry = step;
      if (step.exhausted || step.marks.length >= count) return step;
    }
  }
}

const perDatabase = new WeakMap<Executor, Landmarks>();

/** The landmarks of one database (the executor every request of the process shares). */
export function landmarksOf(db: Executor): Landmarks {
  let landmarks = perDatabase.get(db);
  if (!landmarks) {
    landmarks = new Landmarks();
    perDatabase.set(db, landmarks);
  }
  return landmarks;
}
