import http from 'node:http';

/** One Server-Sent Events frame as a client sees it. */
export interface SseFrame {
  event: string;
  id?: string;
  data?: string;
  /** A comment line (heartbeat). */
  comment?: string;
}

/**
 * A real HTTP connection reading a Server-Sent Events stream (inject() waits for an end a stream never
 * has). Frames are kept in order; `next` waits for the next one that matches.
 */
export class SseClient {
  readonly frames: SseFrame[] = [];
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  body = '';
  /** Resolves when the server ended the stream (or the connection broke). */
  readonly ended: Promise<void>;
  private readonly request: http.ClientRequest;
  private waiters: (() => void)[] = [];
  private cursor = 0;
  private isEnded = false;
  private response: http.IncomingMessage | undefined;

  constructor(url: string, headers: Record<string, string>, options: { paused?: boolean } = {}) {
    let resolveEnded: () => void = () => undefined;
    this.ended = new Promise((resolve) => (resolveEnded = resolve));
    const finish = () => {
      this.isEnded = true;
      resolveEnded();
      this.wake();
    };
    this.request = http.get(url, { headers }, (res) => {
      this.response = res;
      this.status = res.statusCode ?? 0;
      this.headers = res.headers;
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        if (this.status !== 200) this.body += chunk;
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        this.wake();
      });
      res.on('end', finish);
      res.on('close', finish);
      if (options.paused) res.pause();
      this.wake();
    });
    this.request.on('error', finish);
  }

  /** Resolves once the response head arrived. */
  async opened(timeoutMs = 10_000): Promise<void> {
    await this.until(() => this.status !== 0 || this.isEnded, timeoutMs, 'no response');
  }

  /** The next frame after those already taken that matches `accept` (others are skipped). */
  async next(accept: (frame: SseFrame) => boolean = () => true, timeoutMs = 10_000): Promise<SseFrame> {
    let found: SseFrame | undefined;
    await this.until(
      () => {
        while (this.cursor < this.frames.length) {
          const frame = this.frames[this.cursor++];
          if (frame && accept(frame)) {
            found = frame;
            return true;
          }
        }
        return this.isEnded;
      },
      timeoutMs,
      'no matching frame',
    );
    if (!found) throw new Error(`Stream ended before a matching frame; got ${JSON.stringify(this.frames)}`);
    return found;
  }

  /** The `change` events received so far, parsed. */
  changes<T = { id: string; action: string; tenantId: string | null }>(): T[] {
    return this.frames.filter((f) => f.event === 'change').map((f) => JSON.parse(f.data ?? 'null') as T);
  }

  /** Waits until `condition` holds over the frames received. */
  async until(condition: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`SSE: ${what} within ${timeoutMs} ms; frames: ${this.frames.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  get isClosed(): boolean {
    return this.isEnded;
  }

  close(): void {
    this.response?.destroy();
    this.request.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}

function parseFrame(text: string): SseFrame {
  const frame: SseFrame = { event: 'message' };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) frame.event = line.slice(7);
    else if (line.startsWith('id: ')) frame.id = line.slice(4);
    else if (line.startsWith('data: ')) frame.data = line.slice(6);
  }
  if (frame.comment !== undefined && frame.event === 'message') frame.event = 'comment';
  return frame;
}
