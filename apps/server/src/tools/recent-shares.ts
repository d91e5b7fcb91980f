/**
 * Who has made the server do the most lately: a weight per client key, decaying by half every
 * `halfLifeMs`, and each key's share of all of it. Load shedding (apis/load-shedding.ts) refuses the
 * heaviest clients first, so one member's flood does not get everyone else refused with them.
 */
export class RecentShares {
  private readonly weights = new Map<string, { value: number; at: number }>();
  private total = { value: 0, at: 0 };

  constructor(
    private readonly halfLifeMs = 2000,
    /** Past this many keys, the ones that weigh next to nothing are forgotten. */
    private readonly maxKeys = 10_000,
  ) {}

  add(key: string, weight: number, now = performance.now()): void {
    const entry = this.weights.get(key);
    const value = (entry ? this.decayed(entry, now) : 0) + weight;
    this.weights.set(key, { value, at: now });
    this.total = { value: this.decayed(this.total, now) + weight, at: now };
    if (this.weights.size > this.maxKeys) this.forgetLight(now);
  }

  /** The key's part of everything recent, from 0 to 1. */
  share(key: string, now = performance.now()): number {
    const entry = this.weights.get(key);
    const total = this.decayed(this.total, now);
    return entry && total > 0 ? this.decayed(entry, now) / total : 0;
  }

  private decayed(entry: { value: number; at: number }, now: number): number {
    return entry.value * 2 ** (-(now - entry.at) / this.halfLifeMs);
  }

  private forgetLight(now: number): void {
    const total = this.decayed(this.total, now);
    for (const [key, entry] of this.weights)
      if (this.decayed(entry, now) < total / this.maxKeys) this.weights.delete(key);
    // Still too many (a crowd of equals): the longest known go, down to nine tenths.
    for (const key of this.weights.keys()) {
      if (this.weights.size <= this.maxKeys * 0.9) break;
      this.weights.delete(key);
    }
  }
}
