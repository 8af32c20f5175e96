import {
  LIVE_EVENT_NAMES,
  LIVE_EVENTS_PATH,
  liveEventSchema,
  liveReadySchema,
  type LiveEvent,
} from '@contract/events';

/** What the connection needs of an EventSource; tests hand in an EventTarget that dispatches MessageEvents. */
export interface LiveSource {
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
  readonly readyState: number;
}
/** Null where the environment has no EventSource (jsdom): the console then works as if offline. */
export type CreateLiveSource = (url: string) => LiveSource | null;

/** `connecting`: not yet open (the indicator stays hidden); `offline`: it failed and is retrying. */
export type LiveStatus = 'connecting' | 'live' | 'offline';

export type LiveHandlers = {
  change: (event: LiveEvent) => void;
  /** The server cannot replay the gap (`reset`), or a new stream replaced one that gave up: refetch all. */
  resync: () => void;
  status: (status: LiveStatus) => void;
};

/** EventSource.CLOSED: the browser gave up (a non-200 answer) and will not retry on its own. */
const CLOSED = 2;
const RETRY_MS = { first: 2_000, max: 30_000 };

const browserSource: CreateLiveSource = (url) =>
  typeof EventSource === 'undefined' ? null : new EventSource(url, { withCredentials: true });

/** The JSON of a MessageEvent's data, or undefined when it is not one or does not parse. */
function dataOf(event: Event): unknown {
  if (!('data' in event) || typeof event.data !== 'string') return undefined;
  try {
    return JSON.parse(event.data);
  } catch {
    return undefined;
  }
}

/**
 * Opens the console's one stream of live events and keeps it open until the returned function is called.
 * The browser reconnects by itself after a dropped connection, sending Last-Event-ID so the server
 * replays what was missed; only when it gives up (the server answered other than 200) does this open a
 * new stream, after a growing pause, and resync everything since events may have been lost meanwhile.
 */
export function connectLive(
  handlers: LiveHandlers,
  createSource: CreateLiveSource = browserSource,
): () => void {
  let source: LiveSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = RETRY_MS.first;
  let stopped = false;

  const open = (replacing: boolean) => {
    const current = createSource(LIVE_EVENTS_PATH);
    if (!current) return handlers.status('offline');
    source = current;
    let resynced = !replacing;
    const live = () => {
      handlers.status('live');
      delay = RETRY_MS.first;
      if (!resynced) handlers.resync();
      resynced = true;
    };
    current.addEventListener('open', live);
    current.addEventListener(LIVE_EVENT_NAMES.ready, (event) => {
      if (liveReadySchema.safeParse(dataOf(event)).success) live();
    });
    current.addEventListener(LIVE_EVENT_NAMES.change, (event) => {
      const parsed = liveEventSchema.safeParse(dataOf(event));
      if (parsed.success) handlers.change(parsed.data);
    });
    current.addEventListener(LIVE_EVENT_NAMES.reset, () => handlers.resync());
    current.addEventListener('error', () => {
      if (stopped || source !== current) return;
      handlers.status('offline');
      if (current.readyState !== CLOSED) return;
      current.close();
      timer = setTimeout(() => open(true), delay);
      delay = Math.min(delay * 2, RETRY_MS.max);
    });
  };

  open(false);
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
