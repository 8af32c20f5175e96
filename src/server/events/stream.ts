import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Counter } from 'prom-client';
import { LIVE_EVENT_NAMES, type LiveReady } from '../../contract/events';
import type { Reauthenticate } from '../auth/guard';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { eventAt, eventsAfter, latestSeq, type FeedEvent } from './audit-feed-rows';
import { breathe, BURST, RECOVERY_LIMIT, type FeedItem, type LiveFeed } from './feed';
import { sseFrame, type SseWriter } from './sse';
import { mayConcern, maySee } from './visibility';

export interface StreamDeps {
  db: Database;
  feed: LiveFeed;
  reauthenticate: Reauthenticate;
  /** Counts each re-read of the viewer, by reason ('event' or 'heartbeat'). */
  viewerReads: Counter<'reason'>;
  openTypes: Set<string>;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

/** Each event's frame, serialised once however many streams send it. */
const frames = new WeakMap<FeedEvent, string>();
function changeFrame(item: FeedEvent): string {
  let frame = frames.get(item);
  if (frame === undefined) {
    frame = sseFrame(LIVE_EVENT_NAMES.change, item.event, item.event.id);
    frames.set(item, frame);
  }
  return frame;
}

/** Where a resume starts: events to replay, or a reset when the gap cannot be replayed. */
type Resume = { replay: FeedEvent[]; reset: boolean; latest: number };

async function planResume(db: Database, lastEventId: number | undefined): Promise<Resume> {
  const latest = await latestSeq(db);
  if (lastEventId === undefined || lastEventId === latest) return { replay: [], reset: false, latest };
  // From the future (another database) or no longer (or never) on record: replaying cannot be exact.
  if (lastEventId > latest || (lastEventId > 0 && !(await eventAt(db, lastEventId)))) {
    return { replay: [], reset: true, latest };
  }
  const missed = await eventsAfter(db, lastEventId, RECOVERY_LIMIT + 1);
  if (missed.length > RECOVERY_LIMIT) return { replay: [], reset: true, latest };
  return { replay: missed.filter((e) => e.seq <= latest), reset: false, latest };
}

/**
 * One open stream: replays what the client missed, then forwards each event its viewer may see, in
 * order, as visibility.ts decides. The viewer is read again at every heartbeat and before an event that
 * may concern them (visibility.ts); once their session or token no longer counts, the stream ends.
 */
export class LiveStream {
  private viewer: Viewer;
  /** Events newer than this are forwarded; older ones were replayed already (or predate the stream). */
  private cutoff = Number.POSITIVE_INFINITY;
  private pending: FeedItem[] = [];
  private queue: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly request: FastifyRequest,
    viewer: Viewer,
    private readonly sse: SseWriter,
    private readonly deps: StreamDeps,
  ) {
    this.viewer = viewer;
  }

  async start(lastEventId: number | undefined): Promise<void> {
    // Subscribe before reading the table: an event committing meanwhile is held, not lost.
    this.unsubscribe = this.deps.feed.subscribe((item) => this.receive(item));
    const resume = await planResume(this.deps.db, lastEventId);
    if (!this.sse.isOpen) return this.stop();
    const ready: LiveReady = { lastEventId: String(resume.latest) };
    this.sse.event(LIVE_EVENT_NAMES.ready, ready);
    if (resume.reset) this.sse.event(LIVE_EVENT_NAMES.reset, ready, String(resume.latest));
    for (const [index, item] of resume.replay.entries()) {
      await this.forward(item);
      if (index % BURST === BURST - 1) await breathe();
    }
    this.cutoff = resume.latest;
    const held = this.pending;
    this.pending = [];
    for (const item of held) this.receive(item);
    this.heartbeat = setInterval(() => this.enqueue(() => this.beat()), this.deps.heartbeatMs);
  }

  /** Ends the stream from the server's side (the app is closing). */
  close(reason: string): void {
    this.stop();
    this.sse.end(reason);
  }

  stop(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private receive(item: FeedItem): void {
    if (this.cutoff === Number.POSITIVE_INFINITY) {
      this.pending.push(item);
      return;
    }
    if (item.kind === 'reset') {
      this.enqueue(async () => this.sse.event(LIVE_EVENT_NAMES.reset, { lastEventId: String(item.seq) }));
      return;
    }
    if (item.item.seq <= this.cutoff) return;
    this.enqueue(() => this.forward(item.item));
  }

  /** One thing at a time per stream, so events keep their order around a re-read of the viewer. */
  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.sse.isOpen) await task();
    });
    this.queue.catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'live events: stream failed; closing it');
      this.sse.end('failed');
    });
  }

  private async forward(item: FeedEvent): Promise<void> {
    let before: Viewer | undefined;
    if (mayConcern(this.viewer, item)) {
      before = this.viewer;
      if (!(await this.refreshViewer('event'))) return;
    }
    if (maySee(this.viewer, item.event, this.deps.openTypes, before)) this.sse.frame(changeFrame(item));
  }

  private async beat(): Promise<void> {
    if (await this.refreshViewer('heartbeat')) this.sse.comment('heartbeat');
  }

  /** Reads the viewer again; ends the stream (false) once signed out, disabled, revoked or expired. */
  private async refreshViewer(reason: 'event' | 'heartbeat'): Promise<boolean> {
    this.deps.viewerReads.inc({ reason });
    const viewer = await this.deps.reauthenticate(this.request);
    if (!viewer || viewer.user.id !== this.viewer.user.id) {
      this.sse.end('credential no longer valid');
      return false;
    }
    this.viewer = viewer;
    return true;
  }
}
