import pg from 'pg';

/** What a listener is told: each NOTIFY payload, and each time its LISTEN (re)starts. */
export interface NotificationHandlers {
  onMessage(payload: string): void;
  /**
   * LISTEN is in place (first time, or again after a loss): what committed before this moment never
   * arrives as a notification, so the caller reads it from the table.
   */
  onListening(): void;
  /** A connection error (logged by the caller; the listener keeps retrying). */
  onError?(error: Error): void;
}

/** Stops listening and releases the connection. */
export type Unlisten = () => Promise<void>;

export type ListenFn = (channel: string, handlers: NotificationHandlers) => Promise<Unlisten>;

export interface PgListenOptions {
  url: string;
  connectMs: number;
  /** Backoff between reconnection attempts: doubles from `minRetryMs` up to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** How the LISTEN connection shows in pg_stat_activity (operators, and the tests that cut it). */
export const LISTENER_APPLICATION_NAME = 'resource-manager-live';

/**
 * PostgreSQL: one dedicated connection (not from the pool: a pooled connection is handed to other
 * queries and its LISTEN would vanish with it) that LISTENs, and after any loss reconnects with backoff
 * and says so, so the caller can read what it missed from the table.
 */
export function pgListen(options: PgListenOptions): ListenFn {
  return async (channel, handlers) => {
    if (!IDENTIFIER.test(channel)) throw new Error(`Invalid channel name ${channel}`);
    const listener = new PgListener(options, channel, handlers);
    listener.start();
    return () => listener.stop();
  };
}

class PgListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryMs: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: PgListenOptions,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
  ) {
    this.retryMs = options.minRetryMs ?? 100;
  }

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.options.url,
      connectionTimeoutMillis: this.options.connectMs,
      application_name: LISTENER_APPLICATION_NAME,
      // Detects a server that vanished without a reset while we only wait for notifications.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lost = false;
    const onLoss = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) this.handlers.onError?.(error);
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      this.scheduleRetry();
    };
    client.on('error', onLoss);
    client.on('end', () => onLoss());
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined) {
        this.handlers.onMessage(message.payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      onLoss(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.stopped || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = this.options.minRetryMs ?? 100;
    this.handlers.onListening();
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 5_000);
  }
}
