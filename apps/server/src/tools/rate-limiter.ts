/**
 * Fixed-window counters per key, in memory. One process keeps its own counts; the scale-out setup
 * will share them through Redis behind the same interface.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (for `Retry-After`). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one event for `key` and says whether it is still within `max` for the window. */
  hit(key: string, max: number, windowSeconds: number): RateLimitResult;
  /** How many events `key` has in its current window, without counting one. */
  count(key: string): number;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, max: number, windowSeconds: number): RateLimitResult {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count++;
    return {
      allowed: window.count <= max,
      retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  count(key: string): number {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  /** Drops expired windows now and then, so memory stays bounded by the active keys. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
