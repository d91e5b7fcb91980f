/**
 * `/api/realtime` on the wire, on every dialect: the stream's headers and frames byte for byte, the
 * subscribe request's validation and errors (404 unknown client, 403 changed auth), the limits
 * (idle timeout, lifetime), dropped streams, and the auth a stream keeps following its record.
 * A raw `fetch` reader stands in for EventSource here, so every frame can be inspected as sent.
 */
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, deleteRecord, updateRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { describeWithFixture, IDS, PASSWORD, type Fixture } from '../support/fixture';
import { listen } from '../sdk/sdk-server';
import { RawStream } from '../support/raw-sse';
import { sleep, waitFor } from '../support/wait';

const WAIT_MS = 3000;

function newId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 15 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

async function within<T>(promise: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: not within ${WAIT_MS} ms`)), WAIT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describeWithFixture('realtime protocol', (get) => {
  let url = '';
  const streams: RawStream[] = [];

  beforeAll(async () => {
    url = await listen(get());
  });

  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
    get().core.realtime.configure({
      maxStreamsPerUser: 10,
      idleTimeoutMs: 5 * 60_000,
      lifetimeMs: 30 * 60_000,
    });
  });

  afterAll(async () => {
    await sleep(100);
    const closing = get().server.close();
    // A socket fetch reopened after an aborted stream, with no request on it, would hold close() up.
    get().server.server.closeAllConnections();
    await closing;
  });

  async function open(): Promise<RawStream> {
    const stream = await RawStream.open(url);
    streams.push(stream);
    return stream;
  }

  function post(body: unknown, token?: string): Promise<Response> {
    return fetch(`${url}/api/realtime`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
      body: JSON.stringify(body),
    });
  }

  async function subscribe(stream: RawStream, subscriptions: string[], token?: string): Promise<void> {
    const response = await post({ clientId: stream.clientId, subscriptions }, token);
    expect(response.status, await response.clone().text()).toBe(204);
  }

  const system = (fixture: Fixture) => systemRequest(fixture.core.registry.find('_superusers')!);
  const collection = (name: string) => get().core.registry.find(name)!;

  async function createPost(fields: Record<string, unknown>): Promise<string> {
    const id = newId();
    await createRecord(
      get().core.records,
      collection('posts'),
      { id, title: `post ${id}`, author: IDS.alice, published: true, ...fields },
      system(get()),
    );
    return id;
  }

  it('GET opens an event stream whose first frame is PB_CONNECT, with the client id as SSE id', async () => {
    const stream = await open();
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.response.headers.get('access-control-allow-origin')).toBe('*');
    expect(stream.clientId).toMatch(/^[a-zA-Z0-9]{40}$/);
    expect(stream.frames[0]!.raw).toBe(
      `id:${stream.clientId}\nevent:PB_CONNECT\ndata:{"clientId":"${stream.clientId}"}\n\n`,
    );
    const other = await open();
    expect(other.clientId).not.toBe(stream.clientId);
  });

  it('events are named by the exact subscription string, options suffix included', async () => {
    const stream = await open();
    const options = encodeURIComponent(
      JSON.stringify({ query: { filter: "tags ~ 'giant'", fields: 'id,tags' }, headers: {} }),
    );
    const filtered = `posts/*?options=${options}`;
    const id = newId();
    const byId = `posts/${id}`;
    await subscribe(stream, [filtered, byId, 'comments/*'], get().tokens.bob);

    await createRecord(
      get().core.records,
      collection('posts'),
      { id, title: `post ${id}`, author: IDS.alice, published: true, tags: ['giant'] },
      system(get()),
    );
    const frame = await stream.next((f) => f.event === filtered, 'filtered event');
    expect(frame.raw).toBe(
      `id:${stream.clientId}\nevent:${filtered}\ndata:{"action":"create","record":{"id":"${id}","tags":["giant"]}}\n\n`,
    );
    const plain = await stream.next((f) => f.event === byId, 'record event');
    expect(JSON.parse(plain.data)).toMatchObject({
      action: 'create',
      record: { id, collectionName: 'posts' },
    });

    // A new POST replaces the whole set.
    await subscribe(stream, ['comments/*'], get().tokens.bob);
    await updateRecord(get().core.records, collection('posts'), id, { views: 3 }, system(get()));
    const comment = newId();
    await createRecord(
      get().core.records,
      collection('comments'),
      { id: comment, post: id, author: IDS.bob, text: 'control' },
      system(get()),
    );
    await stream.next((f) => f.event === 'comments/*', 'comment control');
    await sleep(50);
    expect(stream.events(filtered).map((e) => e.action)).toEqual(['create']);
    expect(stream.events(byId).map((e) => e.action)).toEqual(['create']);
    await deleteRecord(get().core.records, collection('posts'), id, system(get()));
  });

  it('the name and the id of a collection both work, and the bare form acts like *', async () => {
    const stream = await open();
    const byCollectionId = `${collection('posts').id}/*`;
    await subscribe(stream, [byCollectionId, 'POSTS/*', 'posts'], get().tokens.bob);
    const id = await createPost({});
    // The previous test's post may still be announced as deleted on this new stream: the frame
    // looked for is this post's.
    const ofThisPost = (data: string) => (JSON.parse(data) as { record?: { id?: string } }).record?.id === id;
    for (const name of [byCollectionId, 'POSTS/*', 'posts']) {
      const frame = await stream.next((f) => f.event === name && ofThisPost(f.data), name);
      expect(JSON.parse(frame.data)).toMatchObject({ action: 'create', record: { id } });
    }
  });

  describe('validation', () => {
    const cases: Array<{ name: string; body: () => unknown; field: string; code: string }> = [
      {
        name: 'a missing clientId',
        body: () => ({ subscriptions: [] }),
        field: 'clientId',
        code: 'validation_required',
      },
      {
        name: 'a clientId over 255 characters',
        body: () => ({ clientId: 'x'.repeat(256), subscriptions: [] }),
        field: 'clientId',
        code: 'validation_length_out_of_range',
      },
      {
        name: 'more than 1000 subscriptions',
        body: () => ({ clientId: 'x', subscriptions: Array.from({ length: 1001 }, (_, i) => `posts/${i}`) }),
        field: 'subscriptions',
        code: 'validation_length_too_long',
      },
      {
        name: 'a subscription over 2500 characters',
        body: () => ({ clientId: 'x', subscriptions: ['posts/*', `posts/${'a'.repeat(2500)}`] }),
        field: 'subscriptions.1',
        code: 'validation_length_too_long',
      },
      {
        name: 'a line break (it would forge SSE frames)',
        body: () => ({ clientId: 'x', subscriptions: ['posts/*\nevent:PB_CONNECT'] }),
        field: 'subscriptions.0',
        code: 'validation_invalid_value',
      },
      {
        name: 'options that are not JSON',
        body: () => ({ clientId: 'x', subscriptions: ['posts/*?options=%7Bnope'] }),
        field: 'subscriptions.0',
        code: 'validation_invalid_value',
      },
      {
        name: 'a filter that does not parse',
        body: () => ({
          clientId: 'x',
          subscriptions: [
            `posts/*?options=${encodeURIComponent(JSON.stringify({ query: { filter: 'title = (' } }))}`,
          ],
        }),
        field: 'subscriptions.0',
        code: 'validation_invalid_value',
      },
    ];
    for (const { name, body, field, code } of cases) {
      it(`refuses ${name}`, async () => {
        const response = await post(body());
        expect(response.status).toBe(400);
        const json = (await response.json()) as { message: string; data: Record<string, unknown> };
        expect(json.message).toBe('Something went wrong while processing your request.');
        const error = field
          .split('.')
          .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], json.data);
        expect(error).toMatchObject({ code });
      });
    }

    it('refuses a body of the wrong shape', async () => {
      const response = await post({ clientId: 42, subscriptions: 'posts/*' });
      expect(response.status).toBe(400);
    });
  });

  it('an unknown client id is 404', async () => {
    const response = await post({ clientId: 'a'.repeat(40), subscriptions: ['posts/*'] });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      data: {},
      message: 'Missing or invalid client id.',
      status: 404,
    });
  });

  it('captures the auth of the subscribe request; a later one with another auth is 403', async () => {
    const stream = await open();
    await subscribe(stream, ['posts/*']); // a guest first
    await subscribe(stream, ['posts/*'], get().tokens.alice); // guest -> member is allowed
    await subscribe(stream, ['posts/*', 'comments/*'], get().tokens.alice); // same member again
    for (const token of [get().tokens.bob, get().tokens.superuser, undefined]) {
      const response = await post({ clientId: stream.clientId, subscriptions: [] }, token);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        data: {},
        message: "The current and the previous request authorization don't match.",
        status: 403,
      });
    }
    // The refused requests changed nothing: alice still hears about her own draft.
    const draft = await createPost({ published: false });
    const frame = await stream.next((f) => f.event === 'posts/*', 'draft event');
    expect(JSON.parse(frame.data)).toMatchObject({ action: 'create', record: { id: draft } });
  });

  it('closes a stream after the idle timeout, and after its lifetime even when busy', async () => {
    get().core.realtime.configure({ idleTimeoutMs: 200 });
    const idle = await open();
    await within(idle.ended, 'the idle stream to end');
    expect(get().core.realtime.broker.get(idle.clientId)).toBeUndefined();

    get().core.realtime.configure({ idleTimeoutMs: 60_000, lifetimeMs: 400 });
    const busy = await open();
    await subscribe(busy, ['posts/*']);
    const writes = setInterval(() => void createPost({}).catch(() => undefined), 100);
    try {
      await within(busy.ended, 'the busy stream to end');
    } finally {
      clearInterval(writes);
    }
    expect(busy.events('posts/*').length).toBeGreaterThan(0);
    const response = await post({ clientId: busy.clientId, subscriptions: [] });
    expect(response.status).toBe(404);
  });

  it('drops a stream whose client went away', async () => {
    const stream = await open();
    await subscribe(stream, ['posts/*'], get().tokens.bob);
    expect(get().core.realtime.broker.get(stream.clientId)).toBeDefined();
    stream.close();
    await waitFor(
      () => get().core.realtime.broker.get(stream.clientId) === undefined,
      'the stream to be dropped',
    );
    const response = await post({ clientId: stream.clientId, subscriptions: [] }, get().tokens.bob);
    expect(response.status).toBe(404);
  });

  it('caps the streams per account with 429, and only for that account', async () => {
    get().core.realtime.configure({ maxStreamsPerUser: 1 });
    const first = await open();
    await subscribe(first, ['posts/*'], get().tokens.bob);
    const second = await open();
    const refused = await post({ clientId: second.clientId, subscriptions: ['posts/*'] }, get().tokens.bob);
    expect(refused.status).toBe(429);
    await subscribe(second, ['posts/*']); // as a guest it may still listen
    await subscribe(second, ['posts/*'], get().tokens.alice);
    first.close();
    const third = await open();
    await waitFor(
      () => get().core.realtime.broker.get(first.clientId) === undefined,
      'the first stream to go',
    );
    await subscribe(third, ['posts/*'], get().tokens.bob);
  });

  /** A new member with a stream subscribed to posts/* as that member. */
  async function memberStream(): Promise<{ id: string; stream: RawStream }> {
    const members = collection('members');
    const member = await createRecord(
      get().core.records,
      members,
      {
        username: `carol${newId().slice(0, 6)}`,
        email: `${newId()}@example.com`,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
      },
      system(get()),
    );
    const token = await get().core.tokens.issue(members, member, 'auth');
    const stream = await open();
    await subscribe(stream, ['posts/*'], token);
    return { id: String(member.id), stream };
  }

  it('a stream follows its auth record: a new role applies at once, a ban closes the stream (PRODUCT.md §7)', async () => {
    const members = collection('members');
    const carol = await memberStream();
    const bystander = await open();
    await subscribe(bystander, ['posts/*'], get().tokens.bob);
    const draft = await createPost({ published: false, author: IDS.bob });
    const control = await createPost({ published: true });
    await carol.stream.next((f) => f.event === 'posts/*' && f.data.includes(control), 'control');
    expect(carol.stream.events('posts/*').map((e) => e.record.id)).toEqual([control]);

    // Made a moderator: the stream now passes the moderator branch of the list rule.
    await updateRecord(get().core.records, members, carol.id, { roles: ['moderator'] }, system(get()));
    const draft2 = await createPost({ published: false, author: IDS.bob });
    await carol.stream.next((f) => f.event === 'posts/*' && f.data.includes(draft2), 'draft as moderator');
    expect(draft2).not.toBe(draft);

    await updateRecord(get().core.records, members, carol.id, { is_banned: true }, system(get()));
    await within(carol.stream.ended, 'the banned member’s stream to end');
    await waitFor(
      () => get().core.realtime.broker.get(carol.stream.clientId) === undefined,
      'the client to go',
    );
    // The other member's stream is untouched.
    const after = await createPost({ published: true });
    await bystander.next((f) => f.event === 'posts/*' && f.data.includes(after), 'bystander event');
    expect(carol.stream.frames.some((f) => f.data.includes(after))).toBe(false);
  });

  it('a password change (new token key) or a deletion of the account closes its streams', async () => {
    const members = collection('members');
    const changed = await memberStream();
    const deleted = await memberStream();
    const other = await memberStream();
    await updateRecord(
      get().core.records,
      members,
      changed.id,
      { password: `${PASSWORD} 2`, passwordConfirm: `${PASSWORD} 2` },
      system(get()),
    );
    await within(changed.stream.ended, 'the stream of the changed password to end');
    await deleteRecord(get().core.records, members, deleted.id, system(get()));
    await within(deleted.stream.ended, 'the stream of the deleted account to end');
    const control = await createPost({ published: true });
    await other.stream.next((f) => f.event === 'posts/*' && f.data.includes(control), 'control');
  });

  it('a message for one client reaches only that client', async () => {
    const target = await open();
    const bystander = await open();
    await get().core.realtime.sendToClient(target.clientId, '@oauth2', {
      state: target.clientId,
      code: 'abc',
    });
    const frame = await target.next((f) => f.event === '@oauth2', '@oauth2');
    expect(JSON.parse(frame.data)).toEqual({ state: target.clientId, code: 'abc' });
    await get().core.realtime.sendToClient(bystander.clientId, 'ping', {});
    await bystander.next((f) => f.event === 'ping', 'ping');
    expect(bystander.frames.some((f) => f.event === '@oauth2')).toBe(false);
  });
});
