/**
 * Starting and stopping the server child, and reading CPU time from /proc so each scenario can say
 * how busy the server, the load generator and PostgreSQL were (in % of one core).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-child.ts');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ServerChild {
  url: string;
  pid: number;
  /** The server's memory, after a full garbage collection when the child runs with --expose-gc. */
  memory(): Promise<{ rss: number; heapUsed: number }>;
  stop(): Promise<void>;
}

/** Every child still running; `killAll` ends them (used by the cleanup on failure). */
const running = new Set<ChildProcess>();

export function startServer(
  mode: 'app' | 'hello',
  env: Record<string, string>,
  execArgv: string[] = [],
): Promise<ServerChild> {
  const child = fork(CHILD, [mode], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      if (child.connected) child.send({ type: 'stop' });
      else child.kill('SIGTERM');
    });
  const memory = () =>
    new Promise<{ rss: number; heapUsed: number }>((resolve, reject) => {
      const onMessage = (message: { type?: string; rss?: number; heapUsed?: number }) => {
        if (message.type !== 'memory') return;
        child.off('message', onMessage);
        resolve({ rss: message.rss ?? NaN, heapUsed: message.heapUsed ?? NaN });
      };
      child.on('message', onMessage);
      if (!child.connected) reject(new Error('the server child is gone'));
      else child.send({ type: 'memory' });
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the ${mode} server did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.on('message', (message: { type?: string; url?: string; message?: string }) => {
      if (message.type === 'ready' && message.url) {
        clearTimeout(timer);
        resolve({ url: message.url, pid: child.pid ?? 0, memory, stop });
      } else if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`the ${mode} server failed to start:\n${message.message ?? ''}`));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the ${mode} server exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
}

export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** user+system CPU seconds of one process (all its threads), or NaN when /proc is unavailable. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond();
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds per process id of every process named `name` (e.g. all PostgreSQL backends), or null
 * when /proc is unavailable. Kept per pid so backends that come and go do not skew the sum.
 */
export function namedCpuSeconds(name: string): Map<number, number> | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  const out = new Map<number, number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / ticksPerSecond());
    } catch {
      // The process ended while we were reading.
    }
  }
  return out;
}

/** CPU seconds spent between two samples by processes alive at the second (new ones count from 0). */
function namedDelta(before: Map<number, number> | null, after: Map<number, number> | null): number {
  if (!before || !after || after.size === 0) return NaN;
  let total = 0;
  for (const [pid, seconds] of after) total += Math.max(0, seconds - (before.get(pid) ?? 0));
  return total;
}

/** The machine's CPU time counters (all cores), or null without /proc. */
export function machineCpu(): { total: number; steal: number; idle: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { total, steal: values[7] ?? 0, idle: (values[3] ?? 0) + (values[4] ?? 0) };
  } catch {
    return null;
  }
}

/** Resident memory of a process in MB, or NaN. */
export function processRssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export interface CpuUse {
  /** The server process with its worker threads. */
  server: number;
  /** This process: the load generator (or the floor replay). */
  client: number;
  /** Every PostgreSQL process. */
  postgres: number;
  /** Everything else on the machine (other programs competing for the cores). */
  other: number;
  /**
   * Time the hypervisor ran other guests instead of this machine. Steal comes in bursts: a second
   * of it stalls every request in flight, which shows as a p99 far above the p95.
   */
  steal: number;
}

export interface CpuProbe {
  /** Marks the start of the window. */
  start(): void;
  /** Marks the end; later calls keep the first end. */
  end(): void;
  /** % of one core used over the window, per party. */
  result(): CpuUse;
}

export function cpuProbe(serverPid: number): CpuProbe {
  const cores = os.cpus().length;
  const read = () => ({
    at: performance.now(),
    server: processCpuSeconds(serverPid),
    client: processCpuSeconds(process.pid),
    postgres: namedCpuSeconds('postgres'),
    machine: machineCpu(),
  });
  let first: ReturnType<typeof read> | undefined;
  let last: ReturnType<typeof read> | undefined;
  return {
    start() {
      first = read();
    },
    end() {
      last ??= read();
    },
    result() {
      if (!first || !last) return { server: NaN, client: NaN, postgres: NaN, other: NaN, steal: NaN };
      const seconds = (last.at - first.at) / 1000;
      const server = ((last.server - first.server) / seconds) * 100;
      const client = ((last.client - first.client) / seconds) * 100;
      const postgres = (namedDelta(first.postgres, last.postgres) / seconds) * 100;
      let other = NaN;
      let steal = NaN;
      if (first.machine && last.machine && last.machine.total > first.machine.total) {
        const elapsed = last.machine.total - first.machine.total;
        const busy = last.machine.total - last.machine.idle - (first.machine.total - first.machine.idle);
        steal = ((last.machine.steal - first.machine.steal) / elapsed) * cores * 100;
        const machine = (busy / elapsed) * cores * 100 - steal;
        other = Math.max(0, machine - server - client - (Number.isFinite(postgres) ? postgres : 0));
      }
      return { server, client, postgres, other, steal };
    },
  };
}
