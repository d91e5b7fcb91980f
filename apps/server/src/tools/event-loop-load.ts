/**
 * Whether this process keeps up: the delay of its event loop (`perf_hooks.monitorEventLoopDelay`),
 * read once per window. Every request, stream and timer of the process shares that one loop, so
 * when its delay stays high, new work only queues behind old work and every answer gets later; it is
 * better then to refuse what can wait (apis/load-shedding.ts) and to tell the load balancer
 * (`/api/health/ready`), until the delay comes down.
 *
 * The process counts as overloaded from a window whose 99th percentile delay is over the threshold,
 * and again as keeping up from a window under half of it, so it does not flap at the edge. It is
 * severely overloaded while the last window's delay was over three times the threshold: then even
 * ordinary work waits too long, whereas below that only the costliest work is worth refusing.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** How often the delay is read (and the histogram started afresh). */
const WINDOW_MS = 500;

/** How many times the threshold the delay must reach to count as severe. */
export const SEVERE_FACTOR = 3;

export class EventLoopLoad {
  private readonly histogram: IntervalHistogram;
  private readonly timer: NodeJS.Timeout;
  private delayMs = 0;
  private isOverloaded = false;
  private listeners: Array<(overloaded: boolean, delayMs: number) => void> = [];

  /** `thresholdMs` 0 measures without ever counting as overloaded. */
  constructor(private readonly thresholdMs: number) {
    this.histogram = monitorEventLoopDelay({ resolution: 10 });
    this.histogram.enable();
    this.timer = setInterval(() => this.readWindow(), WINDOW_MS);
    this.timer.unref();
  }

  /** The 99th percentile delay of the last window, in milliseconds. */
  get recentDelayMs(): number {
    return this.delayMs;
  }

  get overloaded(): boolean {
    return this.isOverloaded;
  }

  get severelyOverloaded(): boolean {
    return this.isOverloaded && this.delayMs > this.thresholdMs * SEVERE_FACTOR;
  }

  /** Told whenever the process starts or stops counting as overloaded. */
  onChange(listener: (overloaded: boolean, delayMs: number) => void): void {
    this.listeners.push(listener);
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  private readWindow(): void {
    // The histogram reports nanoseconds.
    this.delayMs = Math.round(this.histogram.percentile(99) / 1e6);
    this.histogram.reset();
    if (this.thresholdMs <= 0) return;
    const was = this.isOverloaded;
    if (this.delayMs > this.thresholdMs) this.isOverloaded = true;
    else if (this.delayMs < this.thresholdMs / 2) this.isOverloaded = false;
    if (this.isOverloaded !== was)
      for (const listener of this.listeners) listener(this.isOverloaded, this.delayMs);
  }
}
