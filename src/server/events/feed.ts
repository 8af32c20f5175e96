import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { ListenFn, Unlisten } from '../db/notifications';
import {
  eventAt,
  eventsAfter,
  latestSeq,
  LIVE_CHANNEL,
  parsePayload,
  type FeedEvent,
} from './audit-feed-rows';

/** What the feed hands its subscribers: one event, or "too much was missed: refetch everything". */
export type FeedItem = { kind: 'event'; item: FeedEvent } | { kind: 'reset'; seq: number };

/** More missed events than this after a lost connection: subscribers are told to refetch instead. */
export const RECOVERY_LIMIT = 1_000;
const RECOVERY_RETRY_MS = 1_000;
/** Events handed out between two turns of the event loop: a burst must let the sockets drain meanwhile. */
export const BURST = 64;

/** Lets I/O run (sockets flush what was written) before going on. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The process's one view of the committed changes: the LISTEN of its database, deduplicated by seq and
 * published in order to every open stream (the hub). After the LISTEN connection comes back, it reads
 * what committed meanwhile from audit_events (seq > the last one published), so nothing is lost.
 */
export class LiveFeed {
  private lastSeq: number | undefined;
  /** Set while a recovery is owed: notifications are then left to the recovery, which reads them too. */
  private stale = true;
  private queue: Promise<void> = Promise.resolve();
  private readonly subscribers = new Set<(item: FeedItem) => void>();
  private unlisten: Unlisten | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private sinceBreath = 0;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(listen: ListenFn): Promise<void> {
    // Where publishing starts: the LISTEN connection may come up only later (PostgreSQL connects in the
    // background), and streams opened meanwhile must still get what commits until then.
    this.lastSeq = await latestSeq(this.db).catch((error: unknown) => {
      this.log.warn({ err: error }, 'live events: could not read the latest event at start');
      return undefined;
    });
    this.unlisten = await listen(LIVE_CHANNEL, {
      onMessage: (payload) => this.enqueue(() => this.onPayload(payload)),
      onListening: () => this.enqueue(() => this.recover()),
      onError: (error) => this.log.warn({ err: error }, 'live events: LISTEN connection lost; reconnecting'),
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.subscribers.clear();
    await this.unlisten?.();
    await this.queue;
  }

  subscribe(subscriber: (item: FeedItem) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Work runs one item at a time, in arrival order: recovery and notifications never interleave. */
  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      await task();
      if (++this.sinceBreath >= BURST) {
        this.sinceBreath = 0;
        await breathe();
      }
    });
    this.queue = this.queue.catch((error: unknown) => {
      this.log.error({ err: error }, 'live events: publishing failed');
    });
  }

  private async onPayload(payload: string): Promise<void> {
    if (this.stale || this.closed) return;
    const parsed = parsePayload(payload);
    if (!parsed) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'live events: unreadable notification');
      return;
    }
    if (this.lastSeq !== undefined && parsed.seq <= this.lastSeq) return;
    // A profile's payload does not say whose profile it is: one read here spares every stream a re-read.
    const readRow = 'partial' in parsed || parsed.event.resourceType === 'user_profile';
    const item = readRow ? await eventAt(this.db, parsed.seq) : parsed;
    if (item) this.publish({ kind: 'event', item });
  }

  /** Reads what committed while nobody listened; on failure, retries later (notifications wait for it). */
  private async recover(): Promise<void> {
    if (this.closed) return;
    this.stale = true;
    try {
      if (this.lastSeq === undefined) {
        // Unknown at start (the database was unreachable): from now on, then.
        this.lastSeq = await latestSeq(this.db);
      } else {
        const missed = await eventsAfter(this.db, this.lastSeq, RECOVERY_LIMIT + 1);
        if (missed.length > RECOVERY_LIMIT) {
          this.publish({ kind: 'reset', seq: await latestSeq(this.db) });
        } else {
          for (const [index, item] of missed.entries()) {
            this.publish({ kind: 'event', item });
            if (index % BURST === BURST - 1) await breathe();
          }
        }
      }
      this.stale = false;
    } catch (error) {
      this.log.warn({ err: error }, 'live events: recovery failed; retrying');
      clearTimeout(this.retry);
      this.retry = setTimeout(() => this.enqueue(() => this.recover()), RECOVERY_RETRY_MS);
    }
  }

  private publish(entry: FeedItem): void {
    this.lastSeq = entry.kind === 'event' ? entry.item.seq : entry.seq;
    for (const subscriber of this.subscribers) {
      try {
        subscriber(entry);
      } catch (error) {
        this.log.error({ err: error }, 'live events: a stream failed to take an event');
      }
    }
  }
}
