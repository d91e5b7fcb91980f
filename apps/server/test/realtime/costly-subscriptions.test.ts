/**
 * A member cannot stall the site through live subscriptions, on every dialect: what a subscription's
 * own filter and expand cost to check on every event is priced when it is made and capped per
 * subscription and per account (core/realtime/costs.ts), with a 400 naming the cap; events reach the
 * plain subscriptions before anyone's filtered ones, and a write answers before its fan-out runs.
 * Streams are held in this process (a sink per stream) and subscribed as a real client would.
 */
import { describe, expect, it } from 'vitest';
import { parseFilter } from '@community/filter';
import type { RealtimeClient } from '../../src/core/realtime';
import {
  expandCost,
  filterSurcharge,
  REALTIME_COST_LIMITS,
  subscriptionCost,
} from '../../src/core/realtime/costs';
import { MAX_PENDING_PER_ACCOUNT, MemberLanes } from '../../src/core/realtime/member-lanes';
import type { SseSink } from '../../src/tools/sse/broker';
import { addMember, buildCommunity, C, CAST, type Community } from '../support/community';
import { describeEachDialect } from '../support/databases';
import { waitFor } from '../support/wait';

/** The filter the attack used, with a number that makes each subscription distinct. */
const attackFilter = (n: number) =>
  `(content ~ "%x${n}%" || target.title ~ "%y${n}%" || target.contributors.profile.bio ~ "%z${n}%" || author.posts_via_contributors.title ~ "%${n}%")`;

const topic = (collection: string, filter: string, expand?: string) =>
  `${collection}/*?options=${encodeURIComponent(JSON.stringify({ query: { filter, ...(expand ? { expand } : {}) } }))}`;

/** Every frame written to any stream, in the order the server wrote them. */
const written: Array<{ stream: string; event: string }> = [];

class Sink implements SseSink {
  bufferedBytes = 0;
  constructor(readonly label: string) {}
  write(chunk: string): void {
    const event = /\nevent:([^\n]*)\n/.exec(chunk)?.[1] ?? '';
    if (event !== 'PB_CONNECT') written.push({ stream: this.label, event });
  }
  end(): void {}
}

describeEachDialect('live subscriptions have a bounded cost', (get) => {
  let community: Community;
  const open = (label: string): RealtimeClient =>
    community.core.realtime.connect(new Sink(label), '127.0.0.1');

  /** `POST /api/realtime` as the member with this token sends it. */
  const subscribe = (client: RealtimeClient, subscriptions: string[], token = community.token('bob')) =>
    community.server.inject({
      method: 'POST',
      url: '/api/realtime',
      headers: token ? { authorization: token } : {},
      payload: { clientId: client.id, subscriptions },
    });

  const comment = (content: string) =>
    community.server.inject({
      method: 'POST',
      url: '/api/collections/comments/records',
      headers: { authorization: community.token('alice')! },
      payload: { target: C.published, author: CAST.alice, content },
    });

  it('builds the community', async () => {
    community = await buildCommunity(get());
  });

  it('refuses the attack as it was sent: one stream of costly filtered subscriptions', async () => {
    const stream = open('attacker');
    const res = await subscribe(
      stream,
      Array.from({ length: 1000 }, (_, n) => topic('comments', attackFilter(n))),
    );
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ data: { subscriptions: Record<string, { code: string; message: string }> } }>();
    const refusal = Object.values(body.data.subscriptions)[0]!;
    expect(refusal.code).toBe('validation_realtime_cost');
    expect(refusal.message).toContain(`at most ${REALTIME_COST_LIMITS.perSubscription}`);
    expect(stream.subscriptions).toHaveLength(0);
    community.core.realtime.disconnect(stream);
  });

  it("caps an account's filtered subscriptions across all its streams, not per stream", async () => {
    const cheap = (n: number) => topic('comments', `content ~ "%${n}%"`);
    const first = open('first');
    const second = open('second');
    // Each costs the comments rule's tables, one for itself and two for its pattern.
    let accepted = 0;
    for (; accepted < 200; accepted++) {
      const res = await subscribe(
        first,
        Array.from({ length: accepted + 1 }, (_, n) => cheap(n)),
      );
      if (res.statusCode !== 204) break;
    }
    expect(accepted).toBeGreaterThan(1);
    expect(accepted).toBeLessThan(200);
    // The first stream holds what it was last granted; the second cannot add a new one on top.
    const last = Array.from({ length: accepted }, (_, n) => cheap(n));
    expect((await subscribe(first, last)).statusCode).toBe(204);
    const res = await subscribe(second, [cheap(1000)]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ data: { subscriptions: { code: string } } }>().data.subscriptions.code).toBe(
      'validation_realtime_account_cost',
    );
    // The same check as one the account already pays for costs nothing more.
    expect((await subscribe(second, [cheap(0)])).statusCode).toBe(204);
    // Once the first stream lets go, the second may have its own.
    community.core.realtime.disconnect(first);
    expect((await subscribe(second, [cheap(1000)])).statusCode).toBe(204);
    community.core.realtime.disconnect(second);
  });

  it('prices subscriptions that differ only in their record id once', async () => {
    const stream = open('ids');
    const filter = 'target.title ~ "%garden%"';
    const byId = (n: number) =>
      `comments/${String(n).padStart(15, '0')}?options=${encodeURIComponent(JSON.stringify({ query: { filter } }))}`;
    const res = await subscribe(
      stream,
      Array.from({ length: 1000 }, (_, n) => byId(n)),
    );
    expect(res.statusCode, res.body).toBe(204);
    expect(stream.data.costs?.size).toBe(1);
    // The same filter with an expand is another price: the expand is paid for on its own.
    const expanded = await subscribe(stream, [
      topic('comments', filter),
      topic('comments', filter, 'target,author'),
    ]);
    expect(expanded.statusCode, expanded.body).toBe(204);
    const prices = [...(stream.data.costs?.values() ?? [])].sort((a, b) => a - b);
    expect(prices).toHaveLength(2);
    expect(prices[1]! - prices[0]!).toBe(6);
    community.core.realtime.disconnect(stream);
  });

  it('does not cap superusers, nor subscriptions of the rules alone', async () => {
    const root = open('root');
    const res = await subscribe(
      root,
      Array.from({ length: 50 }, (_, n) => topic('comments', attackFilter(n))),
      community.token('superuser'),
    );
    expect(res.statusCode, res.body).toBe(204);
    community.core.realtime.disconnect(root);
    const plain = open('plain');
    const names = ['comments/*', 'posts/*', 'stories/*', 'messages/*', 'notifications/*', 'users/*'];
    expect((await subscribe(plain, names)).statusCode).toBe(204);
    community.core.realtime.disconnect(plain);
  });

  it("delivers to the rules' subscribers first and answers the write before any delivery", async () => {
    const filtered = open('filtered');
    const carol = await addMember(community, `carol${get().dialect}`);
    const honest = open('honest');
    // The filtered subscriber was there first; on the old path it was also served first.
    const granted = await subscribe(filtered, [
      topic('comments', 'content ~ "%ordinary%"'),
      topic('comments', 'target.title ~ "%Garden%"'),
    ]);
    expect(granted.statusCode, granted.body).toBe(204);
    expect((await subscribe(honest, ['comments/*'], carol.token)).statusCode).toBe(204);
    written.length = 0;
    const res = await comment('an ordinary comment');
    expect(res.statusCode, res.body).toBe(200);
    expect(written).toEqual([]);
    await waitFor(() => written.length === 3, 'every delivery');
    expect(written.map((frame) => frame.stream)).toEqual(['honest', 'filtered', 'filtered']);
    community.core.realtime.disconnect(filtered);
    community.core.realtime.disconnect(honest);
  });

  it('closes the community', async () => {
    await community.server.close();
  });
});

describe('what a subscription costs', () => {
  it('prices pattern scans, back-relations and expanded records on top of the tables read', () => {
    expect(filterSurcharge(null)).toBe(0);
    expect(filterSurcharge(parseFilter('target = "abc"'))).toBe(0);
    expect(filterSurcharge(parseFilter('content ~ "x" && content !~ "y"'))).toBe(4);
    expect(filterSurcharge(parseFilter('author.posts_via_contributors.title = "x"'))).toBe(8);
    expect(filterSurcharge(parseFilter('@request.auth.id = author'))).toBe(0);
    expect(expandCost('')).toBe(0);
    expect(expandCost('target,author.profile')).toBe(9);
    expect(subscriptionCost(7, parseFilter('content ~ "x"'), 'author')).toBe(1 + 7 + 2 + 3);
  });
});

it('drops an account’s new events while its backlog is full, and only its own', async () => {
  const lanes = new MemberLanes(() => undefined);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const ran: string[] = [];
  for (let n = 0; n < MAX_PENDING_PER_ACCOUNT; n++) {
    expect(lanes.push('noisy', () => gate.then(() => void ran.push('noisy')))).toBe(true);
  }
  expect(lanes.push('noisy', () => Promise.resolve(void ran.push('noisy extra')))).toBe(false);
  expect(lanes.push('quiet', () => Promise.resolve(void ran.push('quiet')))).toBe(true);
  release();
  await lanes.idle();
  expect(ran.filter((name) => name === 'noisy')).toHaveLength(MAX_PENDING_PER_ACCOUNT);
  expect(ran).toContain('quiet');
  expect(ran).not.toContain('noisy extra');
});
