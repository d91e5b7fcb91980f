/**
 * The noisy-neighbour scenario: can one hostile member stall the site? 50 connections read the
 * ordinary lists of the web app (the latest stories, a story's comments, a member's notifications,
 * the labels), first alone (`noisy-neighbour-quiet`), then while one member does every abusive thing
 * the server has met, in turn, from a process of its own (bench/community/abuser.ts):
 * 1,000 costly live subscriptions on each of 10 streams with comments arriving, EPUB exports of a
 * pathological draft, JSON nested 100,000 deep and 30 MB bodies (`noisy-neighbour`). The readers'
 * p99 must stay under 100 ms with no errors; the row's answer tallies what the abuser was told.
 *
 * Both rows run with the site's own limits on, as it is deployed (the other scenarios turn them off
 * to measure the engine alone): behind a proxy (`TRUST_PROXY`), each reader's request comes from one
 * of many members' addresses, and everything the abuser sends from one address of its own.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Core } from '../../apps/server/src/core';
import { createRecord } from '../../apps/server/src/core/records/write';
import { systemRequest } from '../../apps/server/src/core/rules/request-info';
import type { BenchConfig } from '../config';
import { measure } from '../harness';
import type { ServerChild } from '../processes';
import type { ScenarioOutcome } from '../report';
import type { Budget, Scenario } from '../scenarios';
import type { AbuserOrders } from './abuser';
import type { CommunityFacts } from './dataset';
import type { Tokens } from './scenarios';

export const NOISY_KEY = 'noisy-neighbour';
const ABUSER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'abuser.ts');

/** Issue 41: the other members' lists while one member abuses the site. */
export const NOISY_BUDGET: Budget = { rps: 0, p99Ms: 100, label: 'p99 < 100 ms, no errors' };

/** The lists the readers ask, in turn. */
const READER_LISTS = ['stories-latest', 'comments-page', 'notifications-all', 'labels'];

/** How many addresses the readers' requests come from: 50 connections stand for many members. */
const READER_ADDRESSES = 2000;
const readerAddress = (i: number) => `10.1.${Math.floor((i % READER_ADDRESSES) / 250)}.${(i % 250) + 1}`;
/** The abuser's one address (from the documentation range). */
const ABUSER_ADDRESS = '203.0.113.66';

/** The server the noisy scenario needs: one that reads the client's address from its proxy. */
export const NOISY_SERVER_ENV = { TRUST_PROXY: 'loopback' };

/** What the scenario needs beyond the abuser's orders: a superuser, to turn the site's limits on. */
export interface NoisySetup {
  orders: AbuserOrders;
  superuserToken: string;
}

/** Markdown whose structure is worst for a markdown parser: links that never close, repeated. */
const PATHOLOGICAL_DRAFT = '[a]('.repeat(30_000);

/**
 * Prepares what the abuser needs while the bench still holds its core: its own unpublished story
 * with pathological text, and a second member who comments.
 */
export async function prepareAbuser(core: Core, facts: CommunityFacts, tokens: Tokens): Promise<NoisySetup> {
  const superusers = core.registry.find('_superusers')!;
  const system = systemRequest(superusers);
  const superuser = await createRecord(
    core.records,
    superusers,
    {
      email: 'noisy-bench@example.com',
      password: 'noisy-bench-password',
      passwordConfirm: 'noisy-bench-password',
    },
    system,
  );
  const last = facts.pool.length - 1;
  const abuser = facts.pool[last]!;
  const post = await createRecord(
    core.records,
    core.registry.find('posts')!,
    { type: 'story', title: 'A draft of brackets', contributors: [abuser.id] },
    system,
  );
  const story = await createRecord(
    core.records,
    core.registry.find('stories')!,
    { post: post.id, content: PATHOLOGICAL_DRAFT },
    system,
  );
  const superuserRow = await core.db.kysely
    .selectFrom('_superusers')
    .selectAll()
    .where('id', '=', String(superuser.id))
    .executeTakeFirstOrThrow();
  return {
    orders: {
      token: tokens.members[last]!,
      memberId: abuser.id,
      address: ABUSER_ADDRESS,
      draftStoryId: String(story.id),
      commenterToken: tokens.members[last - 1]!,
      commenterId: facts.pool[last - 1]!.id,
      postId: facts.popularStories[0]!.postId,
    },
    superuserToken: await core.tokens.issue(superusers, superuserRow, 'auth'),
  };
}

/** The readers: the ordinary lists, one request of each in turn, as 50 members would ask them. */
export function readersScenario(scenarios: Scenario[], key: string, title: string): Scenario {
  const lists = READER_LISTS.map((list) => {
    const found = scenarios.find((scenario) => scenario.key === list);
    if (!found) throw new Error(`the readers' list ${list} is not among the scenarios`);
    return found;
  });
  return {
    key,
    title,
    connections: lists[0]!.connections,
    budget: NOISY_BUDGET,
    request: (i) => {
      const spec = lists[i % lists.length]!.request(Math.floor(i / lists.length));
      return { ...spec, headers: { ...spec.headers, 'x-forwarded-for': readerAddress(i) } };
    },
    check: (status, body) => lists[0]!.check(status, body),
  };
}

function ask(child: ChildProcess, message: object, answer: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Record<string, unknown>) => {
      if (reply.type !== answer) return;
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the abuser exited (${code}) before ${answer}`)));
    if (Object.keys(message).length) child.send(message);
  });
}

function describeTally(tally: Record<string, Record<string, number>>): string {
  return Object.entries(tally)
    .map(([kind, statuses]) => {
      const parts = Object.entries(statuses).map(([status, n]) => `${status} ×${n.toLocaleString('en-US')}`);
      return `${kind} ${parts.join(', ')}`;
    })
    .join('; ');
}

/** Turns the site's rate limits (HTTP and per-member writes) on or off, as an admin would. */
async function setRateLimits(server: ServerChild, superuserToken: string, enabled: boolean): Promise<void> {
  const response = await fetch(`${server.url}/api/settings`, {
    method: 'PATCH',
    headers: { authorization: superuserToken, 'content-type': 'application/json' },
    body: JSON.stringify({ rateLimits: { enabled } }),
  });
  if (!response.ok) throw new Error(`turning rate limits ${enabled ? 'on' : 'off'}: ${response.status}`);
}

/** Runs the readers alone, then beside the abuser, with the site's limits on; returns both rows. */
export async function runNoisyNeighbour(
  server: ServerChild,
  scenarios: Scenario[],
  { orders, superuserToken }: NoisySetup,
  config: BenchConfig,
): Promise<ScenarioOutcome[]> {
  await setRateLimits(server, superuserToken, true);
  try {
    return await measureBoth(server, scenarios, orders, config);
  } finally {
    await setRateLimits(server, superuserToken, false);
  }
}

async function measureBoth(
  server: ServerChild,
  scenarios: Scenario[],
  orders: AbuserOrders,
  config: BenchConfig,
): Promise<ScenarioOutcome[]> {
  const quiet = await measure(
    server,
    readersScenario(scenarios, `${NOISY_KEY}-quiet`, 'ordinary lists, 50 members, nobody abusing'),
    config,
  );
  const child = fork(ABUSER, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // A real attacker builds and sends their requests on a machine of their own: on this one, the
  // abuser's own work (30 MB bodies, ten streams) yields to the server and the load generator, so
  // what is measured is what the abuse costs the server, not what it costs the abuser's client.
  if (child.pid !== undefined) os.setPriority(child.pid, 19);
  try {
    await ask(child, {}, 'ready');
    await ask(child, { type: 'start', url: server.url, orders }, 'started');
    const noisy = await measure(
      server,
      readersScenario(scenarios, NOISY_KEY, 'the same lists while one member abuses the site in turn'),
      config,
    );
    const { tally } = (await ask(child, { type: 'stop' }, 'tally')) as {
      tally: Record<string, Record<string, number>>;
    };
    noisy.answer = `${noisy.answer ?? ''}; abuser: ${describeTally(tally)}`;
    return [quiet, noisy];
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
