/**
 * Fan-out to many streams at once, on every dialect: hundreds of distinct viewers (more than one
 * access query holds) are each judged on their own, event after event, although their compiled
 * conditions are reused between events; and that reuse ends the moment a rule changes or a rule
 * reads the clock. Streams are held in this process (a sink per stream) so hundreds cost nothing.
 */
import { randomInt } from 'node:crypto';
import { expect, it } from 'vitest';
import type { RealtimeClient } from '../../src/core/realtime';
import type { RecordData } from '../../src/core/records/record';
import { createRecord, updateRecord } from '../../src/core/records/write';
import { systemRequest, type AuthInfo } from '../../src/core/rules/request-info';
import type { SseSink } from '../../src/tools/sse/broker';
import { describeWithFixture, IDS } from '../support/fixture';
import { sleep } from '../support/wait';

const WAIT_MS = 5000;

function newId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 15 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** A stream kept in memory: the ids of the records its frames carried, in order. */
class Stream implements SseSink {
  readonly ids: string[] = [];
  bufferedBytes = 0;
  ended = false;
  client!: RealtimeClient;
  write(chunk: string): void {
    const data = /\ndata:(.*)\n/.exec(chunk)?.[1];
    if (!data || !chunk.includes('event:posts/*')) return;
    this.ids.push((JSON.parse(data) as { record: { id: string } }).record.id);
  }
  end(): void {
    this.ended = true;
  }
}

describeWithFixture('realtime fan-out to many viewers', (get) => {
  const system = () => systemRequest(get().core.registry.find('_superusers')!);
  const posts = () => get().core.registry.find('posts')!;
  const members = () => get().core.registry.find('members')!;

  async function memberAuth(id: string): Promise<AuthInfo> {
    const record: RecordData = await get()
      .core.records.db.kysely.selectFrom('members')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { collection: members(), record, isSuperuser: false };
  }

  /** Opens a stream subscribed to posts/* as `auth` (null: a guest). */
  async function open(auth: AuthInfo | null): Promise<Stream> {
    const stream = new Stream();
    const realtime = get().core.realtime;
    stream.client = realtime.connect(stream, '127.0.0.1');
    await realtime.subscribe({ clientId: stream.client.id, subscriptions: ['posts/*'] }, auth, '127.0.0.1');
    return stream;
  }

  async function post(fields: RecordData): Promise<string> {
    const id = newId();
    await createRecord(
      get().core.records,
      posts(),
      { id, title: `post ${id}`, author: IDS.alice, published: true, ...fields },
      system(),
    );
    return id;
  }

  /** Waits until every stream in `everyone` has seen `control` (events arrive in commit order). */
  async function settle(everyone: Stream[], control: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!everyone.every((stream) => stream.ids.includes(control))) {
      if (Date.now() > deadline) throw new Error('not every stream got the control event');
      await sleep(10);
    }
  }

  it('judges hundreds of viewers one by one, event after event', async () => {
    // 450 members who own nothing, the author, the moderator, and guests.
    const strangers = await Promise.all(
      Array.from({ length: 450 }, (_, i) =>
        open({
          collection: members(),
          record: { id: `stranger${String(i).padStart(7, '0')}`, roles: [], collectionName: 'members' },
          isSuperuser: false,
        }),
      ),
    );
    const alice = await open(await memberAuth(IDS.alice));
    const mod = await open(await memberAuth(IDS.mod));
    const guests = await Promise.all(Array.from({ length: 30 }, () => open(null)));
    const everyone = [...strangers, alice, mod, ...guests];
    try {
      const events: Array<{ id: string; seenBy: Stream[] }> = [];
      for (let round = 0; round < 3; round++) {
        const draft = await post({ published: false });
        events.push({ id: draft, seenBy: [alice, mod] });
        const byBob = await post({ published: false, author: IDS.bob });
        events.push({ id: byBob, seenBy: [mod] });
        const published = await post({});
        events.push({ id: published, seenBy: everyone });
        await settle(everyone, published);
      }
      for (const stream of everyone) {
        const expected = events.filter((e) => e.seenBy.includes(stream)).map((e) => e.id);
        expect(stream.ids).toEqual(expected);
      }
    } finally {
      for (const stream of everyone) get().core.realtime.disconnect(stream.client);
    }
  });

  it('a changed rule applies from the next event on, for viewers seen before', async () => {
    const guest = await open(null);
    const bob = await open(await memberAuth(IDS.bob));
    const previous = posts().listRule;
    try {
      const before = await post({});
      await settle([guest, bob], before);
      await get().core.collections.update('posts', {
        listRule: "published = true && @request.auth.id != ''",
      });
      const after = await post({});
      await settle([bob], after);
      const control = await post({});
      await settle([bob], control);
      expect(bob.ids).toEqual([before, after, control]);
      expect(guest.ids).toEqual([before]);
    } finally {
      await get().core.collections.update('posts', { listRule: previous });
      get().core.realtime.disconnect(guest.client);
      get().core.realtime.disconnect(bob.client);
    }
  });

  it('a rule that reads the clock is judged at each event, never from an earlier compilation', async () => {
    const previous = posts().listRule;
    const bob = await open(await memberAuth(IDS.bob));
    // Posts with 7 views become visible once `soon` has passed (`@now` is bound when compiled).
    const soon = new Date(Date.now() + 1500).toISOString().replace('T', ' ');
    try {
      await get().core.collections.update('posts', {
        listRule: `views >= 0 && (views != 7 || @now >= "${soon}")`,
      });
      const warmUp = await post({ views: 2 });
      await settle([bob], warmUp);
      const tooEarly = await post({ views: 7 });
      const control = await post({ views: 3 });
      await settle([bob], control);
      expect(bob.ids).toEqual([warmUp, control]);
      await sleep(1600);
      await updateRecord(get().core.records, posts(), tooEarly, { title: `later ${tooEarly}` }, system());
      const last = await post({ views: 4 });
      await settle([bob], last);
      expect(bob.ids).toEqual([warmUp, control, tooEarly, last]);
    } finally {
      await get().core.collections.update('posts', { listRule: previous });
      get().core.realtime.disconnect(bob.client);
    }
  });
});
