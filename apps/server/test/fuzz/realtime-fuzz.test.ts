/**
 * Seeded fuzzing of live subscriptions on every dialect, as a guest and as two members: generated
 * `filter`, `expand` and `fields` options (grammar.ts, the same as the list fuzzing) are subscribed
 * the way the SDK does (`POST /api/realtime`), then records change. Subscribing must answer 204 or
 * 400 (a bad option or a cap on what it costs, core/realtime/costs.ts), never more; delivering must
 * report no failure; and no stream may receive a post its member may not see.
 *
 * Deterministic like query-fuzz.test.ts: FUZZ_SEED explores other inputs.
 */
import { beforeAll, expect, it } from 'vitest';
import type { RealtimeClient } from '../../src/core/realtime';
import { createRecord, updateRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import type { SseSink } from '../../src/tools/sse/broker';
import { describeWithFixture, IDS } from '../support/fixture';
import { expandValue, fieldsValue, filterValue, Rng, seedFor, type CollectionName } from './grammar';

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
/** Subscription sets per caller; each holds a few generated subscriptions and sees several events. */
const ROUNDS = 40;
const PER_ROUND = 6;
const COLLECTIONS: CollectionName[] = ['posts', 'posts', 'comments', 'members'];

/** A stream kept in memory: the record ids its frames carried. */
class Sink implements SseSink {
  bufferedBytes = 0;
  readonly ids: string[] = [];
  write(chunk: string): void {
    const data = /\ndata:(.*)\n/.exec(chunk)?.[1];
    if (!data || chunk.includes('event:PB_CONNECT')) return;
    const id = (JSON.parse(data) as { record?: { id?: string } }).record?.id;
    if (id) this.ids.push(id);
  }
  end(): void {}
}

function subscription(rng: Rng): string {
  const collection = rng.pick(COLLECTIONS);
  const query: Record<string, string> = {};
  if (rng.chance(0.85)) query.filter = filterValue(rng, collection, { refs: rng.chance(0.05) });
  if (rng.chance(0.3)) query.expand = expandValue(rng, collection);
  if (rng.chance(0.2)) query.fields = fieldsValue(rng, collection);
  const target = rng.chance(0.8) ? '*' : IDS.postPublished;
  return `${collection}/${target}?options=${encodeURIComponent(JSON.stringify({ query }))}`;
}

describeWithFixture('live subscription fuzzing', (getFixture) => {
  const failures: string[] = [];

  beforeAll(() => {
    getFixture().core.realtime.setErrorReporter((error, message) =>
      failures.push(`${message}: ${String((error as Error)?.stack ?? error)}`),
    );
  });

  for (const callerName of ['guest', 'alice', 'bob'] as const) {
    it(`subscriptions × ${ROUNDS * PER_ROUND} as ${callerName}, then changes`, async () => {
      const fixture = getFixture();
      const { core, server } = fixture;
      const token = callerName === 'guest' ? undefined : fixture.tokens[callerName];
      const system = systemRequest(core.registry.find('_superusers')!);
      const posts = core.registry.find('posts')!;
      const rng = new Rng(seedFor(SEED, `realtime/${callerName}`));
      const statuses = new Map<number, number>();
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const sink = new Sink();
        const client: RealtimeClient = core.realtime.connect(sink, '127.0.0.1');
        // Each generated subscription is added to those the stream holds; a refused one is left out.
        const names: string[] = [];
        for (let n = 0; n < PER_ROUND; n++) {
          const next = subscription(rng);
          const res = await server.inject({
            method: 'POST',
            url: '/api/realtime',
            headers: token ? { authorization: token } : {},
            payload: { clientId: client.id, subscriptions: [...names, next] },
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 204) names.push(next);
          else if (res.statusCode !== 400)
            problems.push(`subscribe answered ${res.statusCode}: ${res.body.slice(0, 200)} for ${next}`);
        }
        // A draft of alice's, a published post, and an edit: only alice may see the draft.
        const draft = await createRecord(
          core.records,
          posts,
          { title: `fuzz draft ${callerName} ${round}`, author: IDS.alice, published: false, views: round },
          system,
        );
        await createRecord(
          core.records,
          posts,
          { title: `fuzz post ${callerName} ${round}`, author: IDS.bob, published: true },
          system,
        );
        await updateRecord(core.records, posts, IDS.postPublished, { views: round + 1 }, system);
        await core.realtime.idle();
        if (callerName !== 'alice' && sink.ids.includes(String(draft.id))) {
          problems.push(`${callerName} received alice's draft through ${names.join(' | ')}`);
        }
        core.realtime.disconnect(client);
      }
      expect(failures, failures.slice(0, 3).join('\n')).toEqual([]);
      expect(problems, problems.slice(0, 5).join('\n')).toEqual([]);
      // The generated options must both pass and fail: otherwise the fuzzing tested nothing.
      expect(statuses.get(204) ?? 0).toBeGreaterThan(0);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    }, 120_000);
  }
});
