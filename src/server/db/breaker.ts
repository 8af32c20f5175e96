import { BREAKER_OPEN_CODE, isDatabaseUnreachable } from './faults';

/**
 * closed: every operation goes to the database. open: it was found unreachable; operations fail at once
 * while a background probe tries it. half-open: a probe got through; operations go to the database again,
 * and the next success (theirs or a probe's) closes the breaker, the next connectivity failure reopens it.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  /** How often a probe starts while the breaker is not closed; probes overlap when one takes longer. */
  probeIntervalMs: number;
  /**
   * While closed, an operation in flight this long makes a probe check the server is still there: on a
   * silent network the operation itself would only fail at its query timeout (statement timeout + 2 s).
   */
  suspectAfterMs: number;
  /** Told when the breaker opens (e.g. to drop the pool's idle connections, likely dead too). */
  onOpen?: (cause: unknown) => void;
  onStateChange?: (state: BreakerState, cause?: unknown) => void;
}

/** Probes that may be in flight at once: probes lost to a silent network must not hold back the next one. */
const MAX_PROBES_IN_FLIGHT = 8;
/** How often the watchdog looks for operations in flight for too long, while the breaker is closed. */
const WATCH_INTERVAL_MS = 500;

export const breakerOpenError = (): Error =>
  Object.assign(new Error('The database is unreachable (circuit breaker open)'), { code: BREAKER_OPEN_CODE });

/**
 * A circuit breaker for the PostgreSQL server: once a connection attempt or a query has shown the server
 * unreachable, callers are refused at once instead of each waiting out the connect or query timeout.
 * `probe` must open a connection of its own and give up within a short timeout of its own.
 */
export class DatabaseBreaker {
  private current: BreakerState = 'closed';
  /** performance.now() of the last change of state: failures of operations begun earlier are old news. */
  private changedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private probesInFlight = 0;
  private suspecting = false;
  private watchdog: NodeJS.Timeout | undefined;
  private stopped = false;
  private openings = 0;

  constructor(
    private readonly probe: () => Promise<void>,
    private readonly options: BreakerOptions,
  ) {}

  get state(): BreakerState {
    return this.current;
  }

  /** How many times the breaker opened, since the process started. */
  get opened(): number {
    return this.openings;
  }

  /** Throws the breaker's error (a 503 through the error handler) while the database is held unreachable. */
  assertCanTry(): void {
    if (this.current === 'open') throw breakerOpenError();
  }

  /** An operation begun at `startedAt` (performance.now()) failed: opens the breaker when the error shows the server unreachable. */
  failed(error: unknown, startedAt: number): void {
    if (this.current === 'open' || startedAt < this.changedAt || !isDatabaseUnreachable(error)) return;
    this.openings += 1;
    this.set('open', error);
    this.options.onOpen?.(error);
    this.schedule();
  }

  /** An operation begun at `startedAt` succeeded: a half-open breaker closes. */
  succeeded(startedAt: number): void {
    if (this.current === 'half-open' && startedAt >= this.changedAt) this.set('closed');
  }

  /**
   * Starts the watchdog: `oldestInFlight` answers when the oldest operation still in flight began
   * (performance.now()), or undefined when none is.
   */
  watch(oldestInFlight: () => number | undefined): void {
    clearInterval(this.watchdog);
    this.watchdog = setInterval(() => {
      const oldest = oldestInFlight();
      if (this.current !== 'closed' || this.suspecting || oldest === undefined) return;
      if (performance.now() - oldest >= this.options.suspectAfterMs) void this.suspect();
    }, WATCH_INTERVAL_MS);
    this.watchdog.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.watchdog);
  }

  /** An operation is taking long: a probe tells a slow statement (the server answers) from a lost server. */
  private async suspect(): Promise<void> {
    this.suspecting = true;
    const startedAt = performance.now();
    try {
      await this.probe();
    } catch (error) {
      if (!this.stopped) this.failed(error, startedAt);
    } finally {
      this.suspecting = false;
    }
  }

  private set(state: BreakerState, cause?: unknown): void {
    this.current = state;
    this.changedAt = performance.now();
    this.options.onStateChange?.(state, cause);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.stopped || this.current === 'closed') return;
    this.timer = setTimeout(() => this.tick(), this.options.probeIntervalMs);
    this.timer.unref();
  }

  private tick(): void {
    if (this.probesInFlight < MAX_PROBES_IN_FLIGHT) void this.runProbe();
    this.schedule();
  }

  private async runProbe(): Promise<void> {
    this.probesInFlight += 1;
    const startedAt = performance.now();
    try {
      await this.probe();
      if (this.stopped || startedAt < this.changedAt) return;
      if (this.current === 'open') this.set('half-open');
      else this.succeeded(startedAt);
    } catch (error) {
      if (!this.stopped && this.current === 'half-open') this.failed(error, startedAt);
    } finally {
      this.probesInFlight -= 1;
    }
  }
}
