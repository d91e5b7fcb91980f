/**
 * A small closed-loop load generator: N workers, each with its own keep-alive connection (node:http
 * Agent), send a request, read the whole response, and send the next, for a warm-up plus a fixed
 * measured window. Only requests that complete inside the window are counted. It stops by itself:
 * no request starts after the window, and a request still open after `timeoutMs` is aborted and
 * counted as an error. Only loopback addresses are accepted.
 */
import http from 'node:http';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  /** The server's origin, e.g. http://127.0.0.1:40123 (loopback only). */
  url: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
  timeoutMs?: number;
  /** The i-th request to send (i counts across all workers). */
  next: (i: number) => RequestSpec;
  /** Called when the measured window opens and closes (for CPU sampling). */
  onWindow?: (edge: 'start' | 'end') => void;
  /**
   * Requests 0..firstPass-1 ask each of the scenario's distinct requests once (harness.ts
   * `firstPassLength`). Counting starts only once all of them are answered, so the window measures
   * the steady state that follows every first visit; the first visits are summarised on their own.
   */
  firstPass?: number;
}

/** The first visits of a scenario's distinct requests, answered before counting starts. */
export interface FirstPass {
  count: number;
  /** From the first request sent to the last first visit answered. */
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export interface LoadResult extends LatencySummary {
  /** Answered requests (any status) per second inside the measured window; timeouts do not count. */
  rps: number;
  /** Requests answered with status >= 400 or failed at the socket, inside the window. */
  errors: number;
  errorKinds: Record<string, number>;
  /** Mean response body size in bytes. */
  meanBytes: number;
  windowSeconds: number;
  firstPass?: FirstPass;
}

/** A window with fewer completions than this is stretched (see MeasureWindow), by at most MAX_EXTEND_MS. */
const MIN_COMPLETIONS = 20;
const MAX_EXTEND_MS = 5_000;
/** The longest warm-up spent waiting for every connection to complete a request. */
const MAX_WARMUP_MS = 3_000;
/** The longest warm-up spent waiting for every first visit to be answered. */
const MAX_FIRST_PASS_MS = 30_000;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** p-th percentile (0..100) of an ascending array, nearest-rank. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(latencies: number[]): LatencySummary {
  const sorted = Float64Array.from(latencies).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    mean: sorted.length ? sum / sorted.length : NaN,
  };
}

export interface WindowOptions {
  /** Minimum warm-up before counting starts. */
  warmupMs: number;
  durationMs: number;
  /** Closed-loop workers (connections or callers). */
  workers: number;
  /** A window with fewer completions is stretched until it has them... */
  minCount: number;
  /** ...by at most this much. */
  maxExtendMs: number;
  /** The warm-up also lasts until every worker has completed one request, but at most this long. */
  maxWarmupMs: number;
  /** ...and until this many first visits have been answered (`firstVisited`), but at most... */
  firstPass?: number;
  /** ...this long. */
  maxFirstPassMs?: number;
  /** Called when counting starts and when it stops (for CPU sampling). */
  onEdge?: (edge: 'start' | 'end') => void;
}

/**
 * The measured window of a closed-loop run. Counting starts after the warm-up and only once every
 * worker has completed a request and every first visit has been answered, so a slow scenario is
 * measured in its steady state and not while its first requests are still queueing. Completions
 * inside the window are counted; when a scenario is so slow that fewer than `minCount` complete in
 * time, the window stretches until they have, so a rate is never computed from nothing.
 */
export class MeasureWindow {
  private readonly started = performance.now();
  private readonly warmedUp = new Set<number>();
  private windowStart: number | null = null;
  private stopAt: number | null = null;
  private firstVisits = 0;
  count = 0;

  constructor(private readonly options: WindowOptions) {}

  /** The start of counting, fixed the first time the warm-up conditions hold. */
  private start(now: number): number | null {
    if (this.windowStart !== null) return this.windowStart;
    const { warmupMs, workers, maxWarmupMs } = this.options;
    if (now < this.started + warmupMs) return null;
    if (this.warmedUp.size < workers && now < this.started + maxWarmupMs) return null;
    const { firstPass = 0, maxFirstPassMs = 0 } = this.options;
    if (this.firstVisits < firstPass && now < this.started + maxFirstPassMs) return null;
    this.windowStart = now;
    this.options.onEdge?.('start');
    return now;
  }

  private stop(at: number): void {
    if (this.stopAt !== null) return;
    this.stopAt = at;
    this.options.onEdge?.('end');
  }

  /** Whether a new request may start now. */
  open(): boolean {
    if (this.stopAt !== null) return false;
    const now = performance.now();
    const start = this.start(now);
    if (start === null) return true;
    const end = start + this.options.durationMs;
    if (now >= end && this.count >= this.options.minCount) this.stop(end);
    else if (now >= end + this.options.maxExtendMs) this.stop(now);
    return this.stopAt === null;
  }

  /** Records that one of the first visits has been answered (before its `complete`). */
  firstVisited(): void {
    this.firstVisits++;
  }

  /** Records worker's completion at `t1`; true when it is counted. */
  complete(worker: number, t1: number): boolean {
    this.warmedUp.add(worker);
    const start = this.start(t1);
    if (start === null || t1 < start || (this.stopAt !== null && t1 > this.stopAt)) return false;
    const end = start + this.options.durationMs;
    if (t1 <= end) {
      this.count++;
      return true;
    }
    if (this.count >= this.options.minCount) {
      this.stop(end);
      return false;
    }
    this.count++;
    if (this.count >= this.options.minCount) this.stop(t1);
    return true;
  }

  /** The window's length in seconds, once it has closed. */
  seconds(): number {
    if (this.windowStart === null || this.stopAt === null) return NaN;
    return (this.stopAt - this.windowStart) / 1000;
  }

  /** Closes the window for good (after the workers stopped), firing the edges that did not fire. */
  close(): void {
    const now = performance.now();
    if (this.windowStart === null) {
      this.windowStart = now;
      this.options.onEdge?.('start');
    }
    this.stop(now);
  }
}

interface Outcome {
  status: number;
  bytes: number;
  body?: string;
}

function send(
  agent: http.Agent,
  target: URL,
  spec: RequestSpec,
  timeoutMs: number,
  keepBody: boolean,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...spec.headers };
    if (spec.body !== undefined) headers['content-length'] = Buffer.byteLength(spec.body);
    const request = http.request(
      { host: target.hostname, port: target.port, method: spec.method, path: spec.path, headers, agent },
      (response) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keepBody) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            ...(keepBody ? { body: Buffer.concat(chunks).toString('utf8') } : {}),
          }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(spec.body);
  });
}

function checkLoopback(url: string): URL {
  const target = new URL(url);
  if (target.protocol !== 'http:' || !LOOPBACK.has(target.hostname)) {
    throw new Error(`the load generator only targets loopback http addresses, got ${url}`);
  }
  return target;
}

/** One request with its body, for the sanity check before a scenario. */
export async function fetchOnce(url: string, spec: RequestSpec): Promise<{ status: number; body: string }> {
  const target = checkLoopback(url);
  const agent = new http.Agent({ keepAlive: false });
  try {
    const outcome = await send(agent, target, spec, 30_000, true);
    return { status: outcome.status, body: outcome.body ?? '' };
  } finally {
    agent.destroy();
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const target = checkLoopback(options.url);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: options.connections,
    maxFreeSockets: options.connections,
    scheduling: 'fifo',
  });
  const window = new MeasureWindow({
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
    workers: options.connections,
    minCount: MIN_COMPLETIONS,
    maxExtendMs: MAX_EXTEND_MS,
    maxWarmupMs: Math.max(options.warmupMs, MAX_WARMUP_MS),
    firstPass: options.firstPass ?? 0,
    maxFirstPassMs: MAX_FIRST_PASS_MS,
    ...(options.onWindow ? { onEdge: options.onWindow } : {}),
  });
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  let errors = 0;
  let responses = 0;
  let bytes = 0;
  let sequence = 0;
  const firstPass = options.firstPass ?? 0;
  const firstLatencies: number[] = [];
  const sendingStarted = performance.now();
  let lastFirstVisit = sendingStarted;

  const worker = async (id: number) => {
    while (window.open()) {
      const t0 = performance.now();
      const i = sequence++;
      let failure: string | null = null;
      let answered = false;
      let size = 0;
      try {
        const outcome = await send(agent, target, options.next(i), timeoutMs, false);
        answered = true;
        size = outcome.bytes;
        if (outcome.status >= 400 || outcome.status === 0) failure = String(outcome.status);
      } catch (error) {
        failure = (error as { code?: string }).code ?? (error as Error).message;
      }
      const t1 = performance.now();
      if (i < firstPass) {
        firstLatencies.push(t1 - t0);
        lastFirstVisit = Math.max(lastFirstVisit, t1);
        window.firstVisited();
      }
      if (!window.complete(id, t1)) continue;
      // A timed-out request enters the percentiles at its timeout (a lower bound), not the rate.
      latencies.push(t1 - t0);
      if (answered) responses++;
      bytes += size;
      if (failure !== null) {
        errors++;
        errorKinds[failure] = (errorKinds[failure] ?? 0) + 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, (_, id) => worker(id)));
  } finally {
    window.close();
    agent.destroy();
  }
  const windowSeconds = window.seconds();
  const summary = summarize(latencies);
  return {
    ...summary,
    rps: responses / windowSeconds,
    errors,
    errorKinds,
    meanBytes: responses ? bytes / responses : 0,
    windowSeconds,
    ...(firstLatencies.length
      ? { firstPass: firstPassOf(firstLatencies, lastFirstVisit - sendingStarted) }
      : {}),
  };
}

function firstPassOf(latencies: number[], elapsedMs: number): FirstPass {
  const { count, p50, p99 } = summarize(latencies);
  const seconds = elapsedMs / 1000;
  return { count, seconds, rps: count / seconds, p50, p99 };
}
