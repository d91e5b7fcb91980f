/**
 * DESIGN.md §4 and the scale-out acceptance: two real server processes, started together on one
 * fresh PostgreSQL database, one Redis (with a random key prefix) and one S3 bucket (an s3rver in
 * this test process), as they would run behind a proxy. Through the official `pocketbase` SDK:
 * - a record created through process 1 reaches a subscriber of process 2, with the right payload;
 * - a member never receives an event about a record they may not view, whichever process holds them;
 * - banning a member through process 1 closes that member's stream on process 2;
 * - a collection created through process 1 is served by process 2 without a restart;
 * - a file uploaded through process 1 is served, with its thumbnail, by process 2, and deleting its
 *   record through process 2 removes it from the bucket;
 * - the abuse limits count the requests of both processes together.
 * Starting both at once also exercises the start-up lock: only one of them creates the collections.
 */
import type { RecordModel } from 'pocketbase';
import sharp from 'sharp';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Core } from '../../src/core';
import type { RecordData } from '../../src/core/records/record';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { createTestServer } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { postSubscriptions, RawStream } from '../support/raw-sse';
import { randomPrefix, redisAvailable, redisClient, removeKeys, testRedisUrl } from '../support/redis';
import { startS3, type TestS3 } from '../support/s3';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { client, rejection } from '../sdk/sdk-server';
import { sleep } from '../support/wait';

// Node 20 has no EventSource; the SDK picks up the global.
globalThis.EventSource = (await import('eventsource')).EventSource as unknown as typeof EventSource;

const WAIT_MS = 5000;
const PASSWORD = 'tiny giant 42';

interface MessageEvent {
  action: string;
  record: RecordModel;
}

/** One subscription's events; `next` waits (bounded) for a matching one. */
class Inbox {
  readonly events: MessageEvent[] = [];
  readonly push = (event: MessageEvent) => void this.events.push(event);

  async next(match: (e: MessageEvent) => boolean, label: string): Promise<MessageEvent> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${label} within ${WAIT_MS} ms`);
      await sleep(20);
    }
  }
}

const available = redisAvailable() && inject('postgresAdminUrl') !== null;

describe.skipIf(!available)(
  'two server processes on one PostgreSQL, one Redis and S3 [postgres, redis]',
  () => {
    const prefix = randomPrefix();
    let testDb: TestDatabase;
    let s3: TestS3;
    let first: ServerProcess;
    let second: ServerProcess;
    let setup: { close(): Promise<void>; core: Core };
    const ids: Record<'sender' | 'recipient' | 'bystander', string> = {
      sender: '',
      recipient: '',
      bystander: '',
    };
    const tokens: Record<'sender' | 'recipient' | 'bystander' | 'superuser', string> = {
      sender: '',
      recipient: '',
      bystander: '',
      superuser: '',
    };
    const clients: PocketBase[] = [];

    /** An SDK client of one process, signed in with a token (or a guest). */
    function sdk(server: ServerProcess, token?: string): PocketBase {
      const pb = client(server.url);
      if (token) pb.authStore.save(token, null);
      clients.push(pb);
      return pb;
    }

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      s3 = await startS3();
      const env = {
        DATABASE_URL: testDb.databaseUrl!,
        REDIS_URL: testRedisUrl(),
        REDIS_PREFIX: prefix,
        S3_ENDPOINT: s3.config.endpoint!,
        S3_BUCKET: s3.config.bucket,
        S3_REGION: s3.config.region,
        S3_ACCESS_KEY: s3.config.accessKeyId!,
        S3_SECRET: s3.config.secretAccessKey!,
        S3_FORCE_PATH_STYLE: 'true',
      };
      // Both at once on an empty database: the start-up lock lets one create the collections.
      [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);

      // Accounts are made directly in the database by a core of this test process (it shares nothing).
      let core!: Core;
      const server = await createTestServer(testDb.db, { rateLimits: true, onCore: (c) => (core = c) });
      setup = { core, close: () => server.close() };
      const system = systemRequest(core.registry.find('_superusers')!);
      const create = (collection: string, data: RecordData) =>
        createRecord(core.records, core.registry.find(collection)!, data, system);
      const users = core.registry.find('users')!;
      for (const name of ['sender', 'recipient', 'bystander'] as const) {
        const user = await create('users', {
          username: name,
          email: `${name}@example.com`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          birthday: '1990-05-05',
          verified: true,
        });
        ids[name] = String(user.id);
        tokens[name] = await core.tokens.issue(users, user, 'auth');
      }
      const superusers = core.registry.find('_superusers')!;
      const root = await create('_superusers', {
        email: 'root@example.com',
        password: PASSWORD,
        passwordConfirm: PASSWORD,
      });
      tokens.superuser = await core.tokens.issue(superusers, root, 'auth');
      // Two servers compiling their sources (tsx) at once on a busy machine can take a while.
    }, 120_000);

    afterAll(async () => {
      for (const pb of clients) pb.realtime.unsubscribe().catch(() => undefined);
      await setup?.close();
      const output = `${first?.output() ?? ''}${second?.output() ?? ''}`;
      const codes = await Promise.all([first?.stop(), second?.stop()]);
      await testDb?.drop();
      await s3?.close();
      const admin = redisClient();
      await removeKeys(admin, prefix);
      await admin.quit();
      // A clean shutdown, realtime streams and Redis connections included.
      expect(codes, output).toEqual([0, 0]);
    }, 60_000);

    it('both processes started and created the collections once', async () => {
      for (const server of [first, second]) {
        const health = await fetch(`${server.url}/api/health`);
        expect(health.status).toBe(200);
      }
      expect(first.output() + second.output()).not.toMatch(/"level":(50|60)/);
    });

    it('a message created through process 1 reaches its recipient on process 2, and nobody else', async () => {
      const recipient = new Inbox();
      const bystander = new Inbox();
      await sdk(second, tokens.recipient).collection('messages').subscribe('*', recipient.push);
      await sdk(second, tokens.bystander).collection('messages').subscribe('*', bystander.push);

      const sender = sdk(first, tokens.sender);
      const message = await sender
        .collection('messages')
        .create({ to: ids.recipient, from: ids.sender, subject: 'Hello', content: '<p>from process 1</p>' });
      const received = await recipient.next((e) => e.record.id === message.id, 'the message on process 2');
      expect(received.action).toBe('create');
      expect(received.record).toMatchObject({
        id: message.id,
        collectionName: 'messages',
        to: ids.recipient,
        from: ids.sender,
        subject: 'Hello',
        content: '<p>from process 1</p>',
        is_read: false,
      });
      expect(received.record).toEqual(message);

      // A later message to the bystander arrives on the same stream after the first would have.
      const control = await sender
        .collection('messages')
        .create({ to: ids.bystander, from: ids.sender, content: '<p>for the bystander</p>' });
      await bystander.next((e) => e.record.id === control.id, 'the bystander’s own message');
      expect(bystander.events.map((e) => e.record.id)).toEqual([control.id]);
      expect(recipient.events.map((e) => e.record.id)).toEqual([message.id]);
    });

    it('a stream on process 2 can be subscribed through process 1 (a proxy may send the two anywhere)', async () => {
      const stream = await RawStream.open(second.url);
      try {
        const subscribed = await postSubscriptions(
          first.url,
          stream.clientId,
          ['messages/*'],
          tokens.bystander,
        );
        expect(subscribed.status).toBe(204);
        const message = await sdk(first, tokens.sender)
          .collection('messages')
          .create({ to: ids.bystander, from: ids.sender, content: '<p>routed</p>' });
        const frame = await stream.next(
          (f) => f.event === 'messages/*' && f.data.includes(message.id),
          'the message on the stream held by process 2',
        );
        expect(JSON.parse(frame.data)).toMatchObject({ action: 'create', record: { id: message.id } });
      } finally {
        stream.close();
      }
    });

    it('banning a member through process 1 closes their stream on process 2', async () => {
      const stream = await RawStream.open(second.url);
      try {
        const subscribed = await postSubscriptions(
          second.url,
          stream.clientId,
          ['messages/*'],
          tokens.recipient,
        );
        expect(subscribed.status).toBe(204);
        await sdk(first, tokens.superuser).collection('users').update(ids.recipient, { is_banned: true });
        await Promise.race([
          stream.ended,
          sleep(WAIT_MS).then(() => {
            throw new Error('the banned member’s stream on process 2 stayed open');
          }),
        ]);
        // And the banned member's token no longer works on either process.
        const refused = await rejection(sdk(second, tokens.recipient).collection('users').authRefresh());
        expect(refused.status).toBe(401);
      } finally {
        stream.close();
      }
    });

    it('a collection created through process 1 is served by process 2 without a restart', async () => {
      const admin1 = sdk(first, tokens.superuser);
      await admin1.collections.create({
        name: 'notices',
        type: 'base',
        listRule: '',
        viewRule: '',
        fields: [{ name: 'text', type: 'text' }],
      });
      const created = await admin1.collection('notices').create({ text: 'welcome' });
      const guest2 = sdk(second);
      const deadline = Date.now() + WAIT_MS;
      let items: RecordModel[] | undefined;
      while (!items) {
        try {
          items = (await guest2.collection('notices').getList(1, 10)).items;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await sleep(50);
        }
      }
      expect(items.map((item) => item.id)).toEqual([created.id]);
    });

    it('a file uploaded through process 1 is served by process 2 from the shared bucket, and removed with its record', async () => {
      const sender = sdk(first, tokens.sender);
      const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2255aa' } })
        .png()
        .toBuffer();
      // To the bystander: the recipient was banned above.
      const message = await sender.collection('messages').create({
        to: ids.bystander,
        from: ids.sender,
        content: '<p>a picture</p>',
        attachments: [new File([picture], 'picture.png', { type: 'image/png' })],
      });
      const name = (message.attachments as string[])[0]!;
      const prefix = `${message.collectionId}/${message.id}/`;
      expect(await s3.keys(prefix)).toEqual([`${prefix}${name}`]);

      // Message attachments are protected files (PRODUCT.md §15): each side downloads with a file token.
      const bystander2 = sdk(second, tokens.bystander);
      const token = await bystander2.files.getToken();
      const senderToken = await sender.files.getToken();
      expect((await fetch(bystander2.files.getURL(message, name))).status).toBe(404);
      const original = await fetch(bystander2.files.getURL(message, name, { token }));
      expect(original.status).toBe(200);
      expect(Buffer.from(await original.arrayBuffer()).equals(picture)).toBe(true);
      // The thumb rendered by process 2 is stored in the bucket, where process 1 finds it.
      const thumb = await fetch(bystander2.files.getURL(message, name, { thumb: '100x100', token }));
      expect(thumb.status).toBe(200);
      const thumbBytes = Buffer.from(await thumb.arrayBuffer());
      expect((await sharp(thumbBytes).metadata()).width).toBe(100);
      expect(await s3.keys(prefix)).toContain(`${prefix}thumbs_${name}/100x100_${name}`);
      const fromFirst = await fetch(
        sender.files.getURL(message, name, { thumb: '100x100', token: senderToken }),
      );
      expect(Buffer.from(await fromFirst.arrayBuffer()).equals(thumbBytes)).toBe(true);

      await sdk(second, tokens.superuser).collection('messages').delete(message.id);
      expect(await s3.keys(prefix)).toEqual([]);
      const gone = await fetch(sender.files.getURL(message, name, { token: senderToken }));
      await gone.arrayBuffer();
      expect(gone.status).toBe(404);
    });

    it('a list total remembered by process 2 follows creates and deletes made through process 1', async () => {
      const admin1 = sdk(first, tokens.superuser);
      await admin1.collections.create({
        name: 'tallies',
        type: 'base',
        listRule: '',
        fields: [{ name: 'n', type: 'number' }],
      });
      const guest2 = sdk(second);
      /** Process 2's total, read until it equals `expected` (totals are remembered for up to 10 s). */
      const totalOnSecond = async (expected: number) => {
        const deadline = Date.now() + WAIT_MS;
        for (;;) {
          try {
            const total = (await guest2.collection('tallies').getList(1, 1, { filter: 'n >= 0' })).totalItems;
            if (total === expected || Date.now() > deadline) return total;
          } catch (error) {
            if (Date.now() > deadline) throw error;
          }
          await sleep(50);
        }
      };
      expect(await totalOnSecond(0)).toBe(0);
      const one = await admin1.collection('tallies').create({ n: 1 });
      expect(await totalOnSecond(1)).toBe(1);
      await admin1.collection('tallies').update(one.id, { n: -1 });
      expect(await totalOnSecond(0)).toBe(0);
      await admin1.collection('tallies').update(one.id, { n: 2 });
      expect(await totalOnSecond(1)).toBe(1);
      await admin1.collection('tallies').delete(one.id);
      expect(await totalOnSecond(0)).toBe(0);
    });

    it('the abuse limits count the requests of both processes together', async () => {
      // Five password sign-ins per 20 s per address (PRODUCT.md §9), spread over both processes.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const server = i % 2 ? second : first;
        const response = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ identity: 'nobody@example.com', password: 'wrong password 1' }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    });
  },
);
