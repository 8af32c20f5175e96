import { AppError } from '../../errors';

/**
 * Requests per token per minute, counted in this process (a fixed one-minute window): a runaway
 * pipeline gets 429 before it can starve people. With several processes behind a balancer the limit
 * applies per process (docs/automation.md), which is enough for that purpose and costs no write.
 */
export class TokenRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `tokenId`; throws 429 with Retry-After once the window is full. */
  take(tokenId: string): void {
    const now = this.now();
    let window = this.windows.get(tokenId);
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size > 10_000) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(tokenId, window);
    }
    window.count += 1;
    if (window.count > this.perMinute) {
      const retryAfter = Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `This API token sent more than ${this.perMinute} requests in a minute. Slow down and retry later.`,
        undefined,
        { 'retry-after': String(retryAfter) },
      );
    }
  }

  /** Forgets finished windows so the map stays bounded by the tokens active in the last minute. */
  private prune(now: number): void {
    for (const [id, window] of this.windows) {
      if (now - window.start >= 60_000) this.windows.delete(id);
    }
  }
}
