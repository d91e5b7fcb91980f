/**
 * Rate-limit counters shared by every process through Redis: the same fixed windows as
 * `MemoryRateLimiter` (the first hit opens a window of `windowSeconds`; `Retry-After` is the time
 * left in it), counted atomically by one small Lua script so concurrent hits from several processes
 * never lose an increment or leave a key without its expiry.
 *
 * When Redis cannot answer, the limiter falls back to counting in this process until it can again:
 * limits stay in force (per process) rather than failing open or failing every request.
 */
import type { Redis } from 'ioredis';
import { MemoryRateLimiter, limitResult, type RateLimiter, type RateLimitResult } from '../rate-limiter';

/** INCR, set the expiry on the window's first hit, answer [count, milliseconds left]. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type WithHit = Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: WithHit;
  private readonly fallback = new MemoryRateLimiter();
  private degraded = false;

  /**
   * @param prefix  prepended to every key, e.g. `community:rl:api:`
   * @param onError told once when Redis stops answering (and counting moves into this process)
   */
  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    if (!('rateLimitHit' in redis)) redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as WithHit;
  }

  async hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    try {
      const [count, remainingMs] = await this.redis.rateLimitHit(this.prefix + key, windowSeconds * 1000);
      this.degraded = false;
      return limitResult(count, max, remainingMs);
    } catch (error) {
      this.fail(error);
      return this.fallback.hit(key, max, windowSeconds);
    }
  }

  async count(key: string): Promise<number> {
    try {
      const value = await this.redis.get(this.prefix + key);
      this.degraded = false;
      return value === null ? 0 : Number(value);
    } catch (error) {
      this.fail(error);
      return this.fallback.count(key);
    }
  }

  private fail(error: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.onError(error);
  }
}
