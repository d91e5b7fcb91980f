/** A counting semaphore: at most `limit` tasks run at once; the rest wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError('Semaphore limit must be a positive integer');
  }

  /** Tasks currently running and waiting (for tests and metrics). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /**
   * Runs `task` once a slot is free. With `maxWaitMs`, gives up (rejects without running the task)
   * if no slot frees up in time.
   */
  async run<T>(task: () => Promise<T>, maxWaitMs?: number): Promise<T> {
    await this.acquire(maxWaitMs);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(maxWaitMs: number | undefined): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        if (timer) clearTimeout(timer);
        this.active++;
        resolve();
      };
      const timer =
        maxWaitMs === undefined
          ? undefined
          : setTimeout(() => {
              const index = this.waiting.indexOf(grant);
              if (index >= 0) this.waiting.splice(index, 1);
              reject(new Error('timed out waiting for a free slot'));
            }, maxWaitMs);
      this.waiting.push(grant);
    });
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}
