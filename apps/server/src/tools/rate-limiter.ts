/**
 * Fixed-window counters per key. `MemoryRateLimiter` keeps one process's own counts (the default);
 * `RedisRateLimiter` (redis-rate-limiter.ts) shares them between processes behind the same
 * interface, which is why every call is asynchronous.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (for `Retry-After`). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one event for `key` and says whether it is still within `max` for the window. */
  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  /** How many events `key` has in its current window, without counting one. */
  count(key: string): Promise<number>;
}

/** The answer for the `count`-th event of a window that ends in `remainingMs`. */
export function limitResult(count: number, max: number, remainingMs: number): RateLimitResult {
  return { allowed: count <= max, retryAfter: Math.max(1, Math.ceil(remainingMs / 1000)) };
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count++;
    return Promise.resolve(limitResult(window.count, max, window.resetAt - now));
  }

  count(key: string): Promise<number> {
    const window = this.windows.get(key);
    return Promise.resolve(window && window.resetAt > this.now() ? window.count : 0);
  }

  /** Drops expired windows now and then, so memory stays bounded by the active keys. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
