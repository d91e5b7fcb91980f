/**
 * Realtime through the official `pocketbase` SDK (with the `eventsource` polyfill, as a Node app would
 * use it), on every dialect: connect and subscribe, the three actions, and above all who receives
 * what. The visibility tables prove that a subscriber never gets an event about a record its list
 * or view rule hides, including deletes (checked against the record as it was).
 *
 * Non-delivery is asserted by order, not by speed: a stream's events arrive in commit order, so once
 * a later "control" event has arrived, any earlier event that was going to arrive already has.
 */
import { randomInt } from 'node:crypto';
import type PocketBase from 'pocketbase';
import type { Fixture } from '../support/fixture';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeWithFixture, IDS } from '../support/fixture';
import { client, listen, rejection } from '../sdk/sdk-server';
import { sleep, waitFor } from '../support/wait';

// Node 20 has no EventSource; the SDK picks up the global.
globalThis.EventSource = (await import('eventsource')).EventSource as unknown as typeof EventSource;

type Action = 'create' | 'update' | 'delete';
interface RecordEvent {
  action: string;
  record: Record<string, unknown> & { id: string; expand?: Record<string, Record<string, unknown>> };
}

const WAIT_MS = 3000;
const SETTLE_MS = 100;

/** Collects one subscription's events; `next` waits (bounded) for one that matches. */
class Inbox {
  readonly events: RecordEvent[] = [];
  private waiters: Array<{ match: (e: RecordEvent) => boolean; resolve: (e: RecordEvent) => void }> = [];

  readonly push = (event: RecordEvent) => {
    this.events.push(event);
    this.waiters = this.waiters.filter((w) => {
      if (!w.match(event)) return true;
      w.resolve(event);
      return false;
    });
  };

  next(match: (e: RecordEvent) => boolean, label = 'event'): Promise<RecordEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${label} within ${WAIT_MS} ms`)), WAIT_MS);
      this.waiters.push({
        match,
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event);
        },
      });
    });
  }

  about(id: string): RecordEvent[] {
    return this.events.filter((e) => e.record.id === id);
  }

  actionsAbout(id: string): string[] {
    return this.about(id).map((e) => e.action);
  }
}

const is = (action: Action, id: string) => (e: RecordEvent) => e.action === action && e.record.id === id;

function newId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 15 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

type Viewer = 'guest' | 'alice' | 'bob' | 'mod' | 'superuser';
const VIEWERS: Viewer[] = ['guest', 'alice', 'bob', 'mod', 'superuser'];

describeWithFixture('realtime through the SDK', (get) => {
  let url = '';
  let su: PocketBase;
  const opened: PocketBase[] = [];

  beforeAll(async () => {
    url = await listen(get());
    su = as('superuser');
  });

  afterEach(async () => {
    for (const pb of opened.splice(0)) await hangUp(pb);
    get().core.realtime.configure({ maxStreamsPerUser: 10 });
  });

  afterAll(() => closeServer(get()));

  function as(viewer: Viewer): PocketBase {
    const pb = client(url);
    if (viewer !== 'guest') pb.authStore.save(get().tokens[viewer], null);
    opened.push(pb);
    return pb;
  }

  async function subscribe(
    pb: PocketBase,
    collection: string,
    topic: string,
    options?: Record<string, unknown>,
  ): Promise<Inbox> {
    const inbox = new Inbox();
    await pb.collection(collection).subscribe(topic, inbox.push, options);
    return inbox;
  }

  /** A published post by bob, the positive control every `posts/*` subscriber may see. */
  async function control(): Promise<string> {
    const id = newId();
    await su.collection('posts').create({ id, title: `control ${id}`, author: IDS.bob, published: true });
    return id;
  }

  const post = (id: string, published: boolean, extra: Record<string, unknown> = {}) => ({
    id,
    title: `post ${id}`,
    author: IDS.alice,
    published,
    ...extra,
  });

  it('connects, subscribes to * and to one id, and receives create, update and delete', async () => {
    const pb = as('bob');
    const all = await subscribe(pb, 'posts', '*');
    expect(pb.realtime.isConnected).toBe(true);
    expect(pb.realtime.clientId).toMatch(/^[a-zA-Z0-9]{40}$/);
    const id = newId();
    const one = await subscribe(pb, 'posts', id);

    await su.collection('posts').create(post(id, true, { views: 1 }));
    const created = await all.next(is('create', id));
    expect(created.record).toMatchObject({ id, collectionName: 'posts', published: true, views: 1 });
    await su.collection('posts').update(id, { views: 2 });
    expect((await all.next(is('update', id))).record.views).toBe(2);
    await su.collection('posts').delete(id);
    const deleted = await all.next(is('delete', id));
    expect(deleted.record).toMatchObject({ id, views: 2, published: true });

    await one.next(is('delete', id));
    expect(one.actionsAbout(id)).toEqual(['create', 'update', 'delete']);
    expect(all.actionsAbout(id)).toEqual(['create', 'update', 'delete']);
  });

  it('unsubscribing stops the events, and removing the last listener closes the stream', async () => {
    const pb = as('bob');
    const inbox = new Inbox();
    const stop = await pb.collection('posts').subscribe('*', inbox.push);
    const first = await control();
    await inbox.next(is('create', first));
    const other = await subscribe(pb, 'comments', '*');
    await pb.collection('posts').unsubscribe('*');
    const second = await control();
    const comment = newId();
    await su
      .collection('comments')
      .create({ id: comment, post: second, author: IDS.alice, text: 'after unsubscribe' });
    await other.next(is('create', comment), 'comment control');
    await sleep(SETTLE_MS);
    expect(inbox.about(second)).toEqual([]);
    await stop();
    await pb.collection('comments').unsubscribe();
    expect(pb.realtime.isConnected).toBe(false);
  });

  // Expected draft events per viewer, for alice's draft: the list rule and the view rule are both
  // "published = true || author = @request.auth.id || @request.auth.roles ~ 'moderator'".
  const draftTable: Array<{ viewer: Viewer; star: Action[]; byId: Action[] }> = [
    { viewer: 'guest', star: [], byId: [] },
    { viewer: 'bob', star: [], byId: [] },
    { viewer: 'alice', star: ['create', 'update', 'delete'], byId: ['create', 'update', 'delete'] },
    { viewer: 'mod', star: ['create', 'update', 'delete'], byId: ['create', 'update', 'delete'] },
    { viewer: 'superuser', star: ['create', 'update', 'delete'], byId: ['create', 'update', 'delete'] },
  ];

  it('a draft: only its author, the moderator and superusers hear about it (list and view rules)', async () => {
    const draft = newId();
    const inboxes = new Map<Viewer, { star: Inbox; byId: Inbox }>();
    for (const viewer of VIEWERS) {
      const pb = as(viewer);
      inboxes.set(viewer, {
        star: await subscribe(pb, 'posts', '*'),
        byId: await subscribe(pb, 'posts', draft),
      });
    }
    await su.collection('posts').create(post(draft, false));
    await su.collection('posts').update(draft, { title: `draft ${draft} (edited)` });
    await su.collection('posts').delete(draft);
    const marker = await control();
    for (const viewer of VIEWERS)
      await inboxes.get(viewer)!.star.next(is('create', marker), `${viewer} control`);
    await sleep(SETTLE_MS);

    for (const { viewer, star, byId } of draftTable) {
      const inbox = inboxes.get(viewer)!;
      expect({ viewer, star: inbox.star.actionsAbout(draft), byId: inbox.byId.actionsAbout(draft) }).toEqual({
        viewer,
        star,
        byId,
      });
    }
    // The delete carries the record as it was.
    const deleted = inboxes
      .get('alice')!
      .star.about(draft)
      .find((e) => e.action === 'delete');
    expect(deleted?.record).toMatchObject({ id: draft, published: false, title: `draft ${draft} (edited)` });
  });

  it('a published post: everyone hears create, update and delete, on * and on its id', async () => {
    const id = newId();
    const inboxes = new Map<Viewer, { star: Inbox; byId: Inbox }>();
    for (const viewer of VIEWERS) {
      const pb = as(viewer);
      inboxes.set(viewer, {
        star: await subscribe(pb, 'posts', '*'),
        byId: await subscribe(pb, 'posts', id),
      });
    }
    await su.collection('posts').create(post(id, true));
    await su.collection('posts').update(id, { views: 5 });
    await su.collection('posts').delete(id);
    for (const viewer of VIEWERS) {
      const inbox = inboxes.get(viewer)!;
      await inbox.star.next(is('delete', id), `${viewer} delete on *`);
      await inbox.byId.next(is('delete', id), `${viewer} delete on the id`);
      expect([viewer, inbox.star.actionsAbout(id)]).toEqual([viewer, ['create', 'update', 'delete']]);
      expect([viewer, inbox.byId.actionsAbout(id)]).toEqual([viewer, ['create', 'update', 'delete']]);
    }
  });

  it('publishing and unpublishing: each event is checked against the record it carries', async () => {
    const id = newId();
    const pb = as('bob');
    const inbox = await subscribe(pb, 'posts', '*');
    await su.collection('posts').create(post(id, false));
    await su.collection('posts').update(id, { published: true, views: 1 });
    await su.collection('posts').update(id, { published: false, views: 2 });
    await su.collection('posts').delete(id);
    const marker = await control();
    await inbox.next(is('create', marker));
    await sleep(SETTLE_MS);
    // Bob sees only the update that made the post public; not the draft's creation, not the
    // update that hid it again, and not the deletion of what was by then a draft.
    expect(inbox.about(id).map((e) => [e.action, e.record.views])).toEqual([['update', 1]]);
  });

  it('a rule that joins another collection (comments need a published post) is checked too', async () => {
    const draft = newId();
    await su.collection('posts').create(post(draft, false));
    const bob = await subscribe(as('bob'), 'comments', '*');
    const alice = await subscribe(as('alice'), 'comments', '*');
    const guest = await subscribe(as('guest'), 'comments', '*');
    const hidden = newId();
    const visible = newId();
    await su
      .collection('comments')
      .create({ id: hidden, post: draft, author: IDS.alice, text: 'on a draft' });
    await su
      .collection('comments')
      .create({ id: visible, post: IDS.postPublished, author: IDS.alice, text: 'on a published post' });
    await bob.next(is('create', visible));
    await alice.next(is('create', visible));
    await su.collection('comments').delete(visible);
    await bob.next(is('delete', visible));
    await sleep(SETTLE_MS);
    expect(bob.about(hidden)).toEqual([]);
    expect(alice.about(hidden)).toEqual([]); // the rule wants a published post, even for its author
    expect(guest.events).toEqual([]); // guests may not list comments at all
    await su.collection('posts').delete(draft);
  });

  it('a subscription filter narrows the events, and cannot widen what the rule allows', async () => {
    const giant = newId();
    const tiny = newId();
    const draft = newId();
    const bob = as('bob');
    const giants = await subscribe(bob, 'posts', '*', { filter: "tags ~ 'giant'" });
    const byAlice = await subscribe(bob, 'posts', '*', { filter: `author = '${IDS.alice}'` });
    const everything = await subscribe(bob, 'posts', '*');
    const sneaky = await subscribe(bob, 'posts', '*', { filter: `author = @request.auth.id || id != ''` });
    const mod = as('mod');
    const modGiants = await subscribe(mod, 'posts', '*', { filter: "tags ~ 'giant'" });

    await su.collection('posts').create(post(giant, true, { tags: ['giant'] }));
    await su.collection('posts').create(post(tiny, true, { tags: ['tiny'] }));
    await su.collection('posts').create(post(draft, false, { tags: ['giant'] }));
    const marker = await control();
    await everything.next(is('create', marker));
    await modGiants.next(is('create', draft));
    await sleep(SETTLE_MS);

    const ids = (inbox: Inbox) => inbox.events.map((e) => e.record.id).filter((id) => id !== marker);
    expect(ids(giants)).toEqual([giant]);
    expect(ids(byAlice)).toEqual([giant, tiny]);
    expect(ids(everything)).toEqual([giant, tiny]);
    expect(sneaky.events).toEqual([]); // `@request.*` in a member's filter is refused, as in list
    expect(ids(modGiants)).toEqual([giant, draft]);
    for (const id of [giant, tiny, draft]) await su.collection('posts').delete(id);
  });

  it('a record subscription uses the view rule', async () => {
    // Secrets have null rules: nobody but superusers, by id or by *.
    const secret = newId();
    const bob = as('bob');
    const bobById = await subscribe(bob, 'secrets', secret);
    const bobAll = await subscribe(bob, 'secrets', '*');
    const bobPosts = await subscribe(bob, 'posts', '*');
    const root = await subscribe(as('superuser'), 'secrets', secret);
    await su.collection('secrets').create({ id: secret, value: 'hush' });
    await root.next(is('create', secret));
    const marker = await control();
    await bobPosts.next(is('create', marker));
    await sleep(SETTLE_MS);
    expect(bobById.events).toEqual([]);
    expect(bobAll.events).toEqual([]);

    // A collection whose view rule is open while its list rule is closed: the id form gets events,
    // the * form does not.
    await get().core.collections.create({
      name: 'notices',
      listRule: null,
      viewRule: '',
      fields: [{ name: 'text', type: 'text' }],
    });
    const notice = newId();
    const guest = as('guest');
    const byId = await subscribe(guest, 'notices', notice);
    const all = await subscribe(guest, 'notices', '*');
    await su.collection('notices').create({ id: notice, text: 'hello' });
    await byId.next(is('create', notice));
    const other = newId();
    await su.collection('notices').create({ id: other, text: 'unseen' });
    await su.collection('notices').update(notice, { text: 'hello again' });
    await byId.next(is('update', notice));
    await sleep(SETTLE_MS);
    expect(all.events).toEqual([]);
    expect(byId.events.map((e) => e.record.id)).toEqual([notice, notice]);
  });

  it('hidden fields never appear; readRule fields and emails follow the viewer', async () => {
    const inboxes = new Map<Viewer, { members: Inbox; posts: Inbox }>();
    for (const viewer of VIEWERS) {
      const pb = as(viewer);
      inboxes.set(viewer, {
        members: await subscribe(pb, 'members', '*'),
        posts: await subscribe(pb, 'posts', '*'),
      });
    }
    await su.collection('members').update(IDS.bob, { note: 'still a note' });
    const marker = await control();
    for (const viewer of VIEWERS)
      await inboxes.get(viewer)!.posts.next(is('create', marker), `${viewer} control`);
    await sleep(SETTLE_MS);

    const record = (viewer: Viewer) => inboxes.get(viewer)!.members.about(IDS.bob)[0]?.record;
    for (const viewer of ['alice', 'bob', 'mod', 'superuser'] as const) {
      expect(record(viewer), viewer).toBeDefined();
      expect(record(viewer)).not.toHaveProperty('password');
      expect(record(viewer)).not.toHaveProperty('tokenKey');
    }
    // Guests may not list members at all.
    expect(inboxes.get('guest')!.members.events).toEqual([]);
    // `note` is hidden: superusers only.
    expect(record('alice')).not.toHaveProperty('note');
    expect(record('bob')).not.toHaveProperty('note');
    expect(record('mod')).not.toHaveProperty('note');
    expect(record('superuser')!.note).toBe('still a note');
    // `birthday` has readRule "id = @request.auth.id || @request.auth.roles ~ 'moderator'".
    expect(record('alice')).not.toHaveProperty('birthday');
    expect(record('bob')).toHaveProperty('birthday');
    expect(record('mod')).toHaveProperty('birthday');
    // Bob's email is not public: he and superusers see it, alice does not.
    expect(record('alice')).not.toHaveProperty('email');
    expect(record('bob')!.email).toBe('bob@example.com');
    expect(record('superuser')!.email).toBe('bob@example.com');
  });

  it('expand and fields in the options shape the payload, with the viewer’s rights', async () => {
    const id = newId();
    const member = as('bob');
    const expanded = await subscribe(member, 'posts', '*', { expand: 'author' });
    const picked = await subscribe(member, 'posts', '*', {
      expand: 'author',
      fields: 'id,title,expand.author.username',
    });
    const guest = await subscribe(as('guest'), 'posts', '*', { expand: 'author' });
    const root = await subscribe(as('superuser'), 'posts', '*', { expand: 'author' });
    await su.collection('posts').create(post(id, true));

    const full = (await expanded.next(is('create', id))).record;
    expect(full.expand?.author).toMatchObject({
      id: IDS.alice,
      username: 'alice',
      email: 'alice@example.com',
    });
    expect(full.expand?.author).not.toHaveProperty('note');
    expect(full.expand?.author).not.toHaveProperty('birthday');
    expect((await picked.next(is('create', id))).record).toEqual({
      id,
      title: `post ${id}`,
      expand: { author: { username: 'alice' } },
    });
    // Members' view rule needs an auth: a guest's expand finds nothing.
    expect((await guest.next(is('create', id))).record.expand).toEqual({});
    const rootRecord = (await root.next(is('create', id))).record;
    expect(rootRecord.expand?.author?.note).toBe('note of alice');
    expect(typeof rootRecord.expand?.author?.birthday).toBe('string');
    await su.collection('posts').delete(id);
  });

  it('a later subscribe with another auth is refused with 403', async () => {
    const pb = as('alice');
    await subscribe(pb, 'posts', '*');
    pb.authStore.save(get().tokens.bob, null);
    const error = await rejection(pb.collection('comments').subscribe('*', () => undefined));
    expect(error.status).toBe(403);
    expect(error.message).toBe("The current and the previous request authorization don't match.");
  });

  it('caps the streams one account may hold', async () => {
    get().core.realtime.configure({ maxStreamsPerUser: 2 });
    const first = as('bob');
    const second = as('bob');
    await subscribe(first, 'posts', '*');
    await subscribe(second, 'posts', '*');
    const third = as('bob');
    const error = await rejection(third.collection('posts').subscribe('*', () => undefined));
    expect(error.status).toBe(429);
    // Other accounts are not affected.
    await subscribe(as('alice'), 'posts', '*');

    // A closed stream is dropped, which frees its place.
    await hangUp(first);
    const owner = `${get().core.registry.find('members')!.id}/${IDS.bob}`;
    await waitFor(() => get().core.realtime.broker.ownedBy(owner).size === 1);
    const fourth = as('bob');
    const inbox = await subscribe(fourth, 'posts', '*');
    const marker = await control();
    await inbox.next(is('create', marker));
  });
});

/** Closes the SDK client's stream (the SDK keeps `disconnect` private) without waiting for a reply. */
async function hangUp(pb: PocketBase): Promise<void> {
  await pb.realtime.unsubscribe().catch(() => undefined);
  (pb.realtime as unknown as { disconnect(): void }).disconnect();
}

/**
 * Closes the fixture's server before the fixture does. Node's fetch (undici) opens a fresh socket
 * whenever a streaming response is aborted, and a socket that never sends a request keeps
 * `server.close()` waiting, so those are cut once every stream is closed.
 */
async function closeServer(fixture: Fixture): Promise<void> {
  await sleep(SETTLE_MS);
  const closing = fixture.server.close();
  fixture.server.server.closeAllConnections();
  await closing;
}
