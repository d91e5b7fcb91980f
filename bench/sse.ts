/**
 * The realtime fan-out scenario (PRODUCT.md §9: 10,000 realtime clients on one process, one event
 * reaching all of them within 1 s). N clients, a mix of guests and signed-in members (one stream per
 * member, as one browser tab each), subscribe to `bench_posts/*`, whose list rule
 * (`published = true || author = @request.auth.id`) every event is checked against for each viewer.
 * Then a superuser creates one published post through the API, and the scenario measures when each
 * client's stream delivers it: the spread of arrival times, the time until the last client has it,
 * the server's CPU time for it, and the server's memory per open stream.
 *
 * The clients live in a few generator processes (bench/sse-worker.ts), each holding its share as
 * raw sockets; the server holds one socket per client, so its file-descriptor limit must allow N
 * plus its own files. A soft limit below that is raised to the hard limit with `prlimit`; a hard
 * limit below it stops the scenario with a message saying so.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Core } from '../apps/server/src/core';
import { MEMBERS, POSTS, type Dataset } from './dataset';
import { summarize, type LatencySummary } from './load';
import { processCpuSeconds, type ServerChild } from './processes';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sse-worker.ts');
export const SSE_KEY = 'sse-fanout';
/** How long one event may take to reach everyone before the stragglers are written off. */
const EVENT_TIMEOUT_MS = 15_000;
/** File descriptors a process needs besides its sockets (database, logs, modules, pipes). */
const FD_MARGIN = 1000;

export interface SseSettings {
  clients: number;
  /** Share of the clients that are signed-in members (the rest are guests). */
  memberShare: number;
  workers: number;
  events: number;
}

/** What the scenario needs from the dataset, prepared while the bench still has its core open. */
export interface SsePlan {
  /** One entry per client: a member's token, or null for a guest. */
  tokens: Array<string | null>;
  members: number;
  guests: number;
  superuserToken: string;
  authorId: string;
}

export interface SseEvent {
  received: number;
  /** Milliseconds from sending the create request until the last client had the event. */
  allMs: number;
  arrival: LatencySummary;
  /** Server CPU time spent between the request and the last arrival. */
  serverCpuMs: number;
  /** The same as % of one core over that time. */
  serverCpuPct: number;
  generatorCpuPct: number;
}

export interface SseOutcome {
  key: string;
  title: string;
  clients: number;
  connected?: number;
  members?: number;
  guests?: number;
  workers?: number;
  failures?: Record<string, number>;
  connectSeconds?: number;
  fileLimit?: string;
  memory?: {
    rssBeforeMb: number;
    rssAfterMb: number;
    heapBeforeMb: number;
    heapAfterMb: number;
    rssPerClientKb: number;
    heapPerClientKb: number;
    /** After the events: what delivering added (compiled access conditions kept per viewer, buffers). */
    rssAfterEventsMb?: number;
    heapAfterEventsMb?: number;
  };
  events?: SseEvent[];
  /** Every arrival of every event, in ms after its create request was sent. */
  arrival?: LatencySummary;
  problem?: string;
}

/** Picks the members who will hold streams and signs a token for each (one stream per member). */
export async function planSse(core: Core, data: Dataset, settings: SseSettings): Promise<SsePlan> {
  const wanted = Math.round(settings.clients * settings.memberShare);
  const members = core.registry.find(MEMBERS)!;
  const rows = await core.db.kysely.selectFrom(MEMBERS).selectAll().orderBy('id').limit(wanted).execute();
  const memberTokens: string[] = [];
  for (const row of rows) memberTokens.push(await core.tokens.issue(members, row, 'auth'));
  // Members and guests interleaved, so every generator process gets the same mix.
  const tokens: Array<string | null> = [];
  const guests = settings.clients - memberTokens.length;
  for (let i = 0, m = 0, g = 0; i < settings.clients; i++) {
    const memberTurn = m < memberTokens.length && (g >= guests || m * guests <= g * memberTokens.length);
    tokens.push(memberTurn ? memberTokens[m++]! : (g++, null));
  }
  return {
    tokens,
    members: memberTokens.length,
    guests,
    superuserToken: data.superuserToken,
    authorId: data.target.id,
  };
}

function fileLimits(pid: number): { soft: number; hard: number } {
  const text = fs.readFileSync(`/proc/${pid}/limits`, 'utf8');
  const match = /Max open files\s+(\S+)\s+(\S+)/.exec(text);
  const value = (raw: string | undefined) => (raw === 'unlimited' ? Infinity : Number(raw));
  return { soft: value(match?.[1]), hard: value(match?.[2]) };
}

/** Makes sure `pid` may open `needed` files, raising its soft limit to the hard one if that helps. */
function ensureFileLimit(pid: number, needed: number): string {
  const { soft, hard } = fileLimits(pid);
  if (soft >= needed) return `${soft}`;
  if (hard < needed) {
    throw new Error(
      `${needed} file descriptors are needed but the hard limit is ${hard} (ulimit -Hn); ` +
        `raise it or lower BENCH_SSE_CLIENTS`,
    );
  }
  execFileSync('prlimit', ['--pid', String(pid), `--nofile=${hard}:${hard}`]);
  return `${soft} raised to ${hard}`;
}

function request(
  worker: ChildProcess,
  message: Record<string, unknown>,
  answer: string,
  accept: (reply: Record<string, unknown>) => boolean = () => true,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Record<string, unknown>) => {
      if (reply.type === 'failed') {
        cleanup();
        reject(new Error(`SSE generator failed: ${String(reply.message)}`));
      } else if (reply.type === answer && accept(reply)) {
        cleanup();
        resolve(reply);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`an SSE generator exited (${code})`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    if (Object.keys(message).length) worker.send(message);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;

async function oneEvent(
  server: ServerChild,
  workers: ChildProcess[],
  plan: SsePlan,
  seq: number,
): Promise<{ event: SseEvent; latencies: number[] }> {
  const marker = `sse-probe-${seq}-${randomBytes(6).toString('hex')}`;
  await Promise.all(workers.map((worker) => request(worker, { type: 'arm', seq, marker }, 'armed')));
  const arrivalsOf = (worker: ChildProcess) => request(worker, {}, 'arrivals', (reply) => reply.seq === seq);
  const waiting = workers.map(arrivalsOf);
  const serverCpu0 = processCpuSeconds(server.pid);
  const generatorCpu0 = workers.map((worker) => processCpuSeconds(worker.pid ?? 0));
  const t0 = performance.timeOrigin + performance.now();
  const created = await fetch(`${server.url}/api/collections/${POSTS}/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: plan.superuserToken },
    body: JSON.stringify({ title: marker, body: '<p>live</p>', published: true, author: plan.authorId }),
  });
  if (created.status !== 200) throw new Error(`creating the post answered ${created.status}`);
  const timeout = sleep(EVENT_TIMEOUT_MS).then(() => 'timeout' as const);
  const replies: Array<Record<string, unknown>> = [];
  for (const [index, worker] of workers.entries()) {
    const reply = await Promise.race([waiting[index]!, timeout]);
    replies.push(
      reply === 'timeout'
        ? await request(worker, { type: 'collect' }, 'arrivals', (r) => r.seq === seq)
        : reply,
    );
  }
  const latencies: number[] = [];
  let last = t0;
  for (const reply of replies) {
    for (const time of reply.times as number[]) {
      if (!Number.isFinite(time)) continue;
      latencies.push(time - t0);
      last = Math.max(last, time);
    }
  }
  const wall = (last - t0) / 1000;
  const serverCpu = processCpuSeconds(server.pid) - serverCpu0;
  const generatorCpu = workers.reduce(
    (sum, worker, i) => sum + processCpuSeconds(worker.pid ?? 0) - generatorCpu0[i]!,
    0,
  );
  const event: SseEvent = {
    received: latencies.length,
    allMs: last - t0,
    arrival: summarize(latencies),
    serverCpuMs: serverCpu * 1000,
    serverCpuPct: wall > 0 ? (serverCpu / wall) * 100 : NaN,
    generatorCpuPct: wall > 0 ? (generatorCpu / wall) * 100 : NaN,
  };
  return { event, latencies };
}

export async function runSse(
  server: ServerChild,
  plan: SsePlan,
  settings: SseSettings,
  log: (line: string) => void,
): Promise<SseOutcome> {
  const outcome: SseOutcome = {
    key: SSE_KEY,
    title: `${settings.clients.toLocaleString('en-US')} SSE clients on bench_posts/*, one new post`,
    clients: settings.clients,
    members: plan.members,
    guests: plan.guests,
    workers: settings.workers,
  };
  const workers: ChildProcess[] = [];
  try {
    const perWorker = Math.ceil(settings.clients / settings.workers);
    outcome.fileLimit = `server ${ensureFileLimit(server.pid, settings.clients + FD_MARGIN)}`;
    const before = await server.memory();
    for (let i = 0; i < settings.workers; i++) {
      const worker = fork(WORKER, [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      workers.push(worker);
      // Loading the generator (through tsx) must not count as connecting time.
      await request(worker, {}, 'ready');
      const limit = ensureFileLimit(worker.pid!, perWorker + FD_MARGIN);
      if (i === 0) outcome.fileLimit += `, generators ${limit}`;
    }
    log(
      `  opening ${settings.clients} streams (${plan.members} members, ${plan.guests} guests) from ${settings.workers} processes`,
    );
    const started = performance.now();
    const opened = await Promise.all(
      workers.map((worker, i) =>
        request(
          worker,
          {
            type: 'open',
            url: server.url,
            tokens: plan.tokens.filter((_, index) => index % settings.workers === i),
            subscription: `${POSTS}/*`,
            concurrency: 100,
          },
          'opened',
        ),
      ),
    );
    outcome.connectSeconds = (performance.now() - started) / 1000;
    outcome.connected = opened.reduce((sum, reply) => sum + Number(reply.ok), 0);
    const failures: Record<string, number> = {};
    for (const reply of opened) {
      for (const [reason, n] of Object.entries(reply.errors as Record<string, number>)) {
        failures[reason] = (failures[reason] ?? 0) + n;
      }
    }
    if (Object.keys(failures).length) outcome.failures = failures;
    log(`  ${outcome.connected} subscribed in ${outcome.connectSeconds.toFixed(1)} s`);
    await sleep(1000);
    const after = await server.memory();
    const count = Math.max(1, outcome.connected);
    outcome.memory = {
      rssBeforeMb: mb(before.rss),
      rssAfterMb: mb(after.rss),
      heapBeforeMb: mb(before.heapUsed),
      heapAfterMb: mb(after.heapUsed),
      rssPerClientKb: (after.rss - before.rss) / 1024 / count,
      heapPerClientKb: (after.heapUsed - before.heapUsed) / 1024 / count,
    };
    outcome.events = [];
    const everyArrival: number[] = [];
    for (let seq = 1; seq <= settings.events; seq++) {
      const { event, latencies } = await oneEvent(server, workers, plan, seq);
      outcome.events.push(event);
      for (const latency of latencies) everyArrival.push(latency);
      log(
        `  event ${seq}: ${event.received} of ${outcome.connected} received, all within ${event.allMs.toFixed(0)} ms ` +
          `(p50 ${event.arrival.p50.toFixed(0)}, p99 ${event.arrival.p99.toFixed(0)}), server CPU ${event.serverCpuMs.toFixed(0)} ms`,
      );
      await sleep(500);
    }
    outcome.arrival = summarize(everyArrival);
    const afterEvents = await server.memory();
    outcome.memory.rssAfterEventsMb = mb(afterEvents.rss);
    outcome.memory.heapAfterEventsMb = mb(afterEvents.heapUsed);
    log(
      `  server RSS ${outcome.memory.rssBeforeMb.toFixed(0)} -> ${outcome.memory.rssAfterMb.toFixed(0)} MB (${outcome.memory.rssPerClientKb.toFixed(1)} KB per stream)`,
    );
  } catch (error) {
    outcome.problem = (error as Error).message;
    log(`  ${SSE_KEY}: ${outcome.problem}`);
  } finally {
    for (const worker of workers) {
      if (worker.connected) worker.send({ type: 'close' });
      else worker.kill('SIGKILL');
    }
    await Promise.all(
      workers
        .filter((worker) => worker.exitCode === null)
        .map((worker) => new Promise((resolve) => worker.once('exit', resolve))),
    );
  }
  return outcome;
}
