import type { ServerResponse } from 'node:http';

/** One Server-Sent Events frame. */
export function sseFrame(name: string, data: unknown, id?: string): string {
  const idLine = id === undefined ? '' : `id: ${id}\n`;
  return `${idLine}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Frames of the Server-Sent Events format on a hijacked response. */
export class SseWriter {
  private ended = false;
  private corked = false;
  private endListeners: ((reason: string) => void)[] = [];

  constructor(
    private readonly res: ServerResponse,
    /** Bytes the socket may hold unsent before the client counts as too slow. */
    private readonly maxBufferedBytes: number,
  ) {
    res.on('close', () => this.finish('closed by the client'));
    res.on('error', () => this.finish('socket error'));
  }

  /** Sends the status and headers; nothing is buffered or compressed on the way. */
  open(headers: Record<string, string>): void {
    this.res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.res.flushHeaders();
  }

  /** Called once when the stream ends, whichever side ended it. */
  onEnd(listener: (reason: string) => void): void {
    this.endListeners.push(listener);
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  event(name: string, data: unknown, id?: string): void {
    this.write(sseFrame(name, data, id));
  }

  /** A frame made once by `sseFrame` for every stream that sends it. */
  frame(text: string): void {
    this.write(text);
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  /** Ends the stream from the server's side. */
  end(reason: string): void {
    if (this.ended) return;
    this.res.end();
    this.finish(reason);
  }

  private write(frame: string): void {
    if (this.ended) return;
    // Frames written in one turn of the event loop (a burst) leave in one system call.
    if (!this.corked) {
      this.corked = true;
      this.res.cork();
      process.nextTick(() => {
        this.corked = false;
        this.res.uncork();
      });
    }
    this.res.write(frame);
    // What the kernel did not take yet: a client that does not read lets it grow; past the bound the
    // stream is dropped rather than held in memory (the client reconnects and resumes or resets).
    if (this.res.writableLength > this.maxBufferedBytes) {
      this.res.destroy();
      this.finish('too slow: send buffer over its bound');
    }
  }

  private finish(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    for (const listener of this.endListeners) listener(reason);
  }
}
