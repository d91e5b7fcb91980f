/**
 * A small community as test data, built through the real collection and record services: members,
 * a moderator, posts with rules, comments that cascade, a superusers-only collection. Records have
 * fixed ids so scenarios can name them.
 */
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../src/core';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import type { RecordData } from '../../src/core/records/record';
import { createTestServer, type TestServerOptions } from './app';
import { afterAll, beforeAll } from 'vitest';
import { describeEachDialect, type TestDatabase } from './databases';

export const IDS = {
  alice: 'aliceaaaaaaaaaa',
  bob: 'bobbbbbbbbbbbbb',
  mod: 'moderatorzzzzzz',
  postPublished: 'postpublished01',
  postDraft: 'postdraftalice1',
  postBob: 'postbobpublish1',
  comment1: 'commentonpost01',
  comment2: 'commentonpost02',
  secret: 'secretrecord001',
} as const;

export const PASSWORD = 'correct horse battery';

export interface Fixture {
  server: FastifyInstance;
  core: Core;
  tokens: { alice: string; bob: string; mod: string; superuser: string };
}

/** Server options a suite may set for its fixture (mail, logs, abuse limits, configuration). */
export type FixtureOptions = Omit<TestServerOptions, 'onCore' | 'extend'>;

export async function buildFixture(testDb: TestDatabase, options: FixtureOptions = {}): Promise<Fixture> {
  let core!: Core;
  const server = await createTestServer(testDb.db, { ...options, onCore: (c) => (core = c) });
  const su = core.registry.find('_superusers')!;
  const system = systemRequest(su);
  const create = (collection: string, data: RecordData) =>
    createRecord(core.records, core.registry.find(collection)!, data, system);

  await core.collections.create({
    name: 'members',
    type: 'auth',
    listRule: "@request.auth.id != ''",
    viewRule: "@request.auth.id != ''",
    createRule: '',
    updateRule: 'id = @request.auth.id',
    deleteRule: 'id = @request.auth.id',
    manageRule: "@request.auth.roles ~ 'moderator'",
    passwordAuth: { enabled: true, identityFields: ['email', 'username'] },
    fields: [
      { name: 'username', type: 'text', required: true, max: 50 },
      { name: 'roles', type: 'select', values: ['tester', 'moderator', 'admin'], maxSelect: 3 },
      { name: 'note', type: 'text', hidden: true },
      { name: 'is_banned', type: 'bool' },
      {
        name: 'birthday',
        type: 'date',
        readRule: "id = @request.auth.id || @request.auth.roles ~ 'moderator'",
      },
    ],
    indexes: ['CREATE UNIQUE INDEX idx_members_username ON members (username)'],
  });
  await core.collections.create({
    name: 'posts',
    listRule: "published = true || author = @request.auth.id || @request.auth.roles ~ 'moderator'",
    viewRule: "published = true || author = @request.auth.id || @request.auth.roles ~ 'moderator'",
    createRule:
      "@request.auth.id != '' && author = @request.auth.id && (@request.body.published:isset = false || @request.auth.roles ~ 'moderator')",
    updateRule: 'author = @request.auth.id && @request.body.published:changed = false',
    deleteRule: "author = @request.auth.id || @request.auth.roles ~ 'moderator'",
    fields: [
      { name: 'title', type: 'text', required: true, max: 200 },
      { name: 'body', type: 'editor' },
      { name: 'published', type: 'bool' },
      { name: 'views', type: 'number', onlyInt: true, min: 0 },
      { name: 'author', type: 'relation', collectionId: 'members', required: true },
      { name: 'tags', type: 'select', values: ['giant', 'tiny', 'shrinking', 'growing'], maxSelect: 4 },
      { name: 'meta', type: 'json' },
      { name: 'created', type: 'autodate', onCreate: true },
      { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
    ],
    indexes: ['CREATE UNIQUE INDEX idx_posts_title ON posts (title)'],
  });
  await core.collections.create({
    name: 'comments',
    listRule: "@request.auth.id != '' && post.published = true",
    viewRule: "@request.auth.id != '' && post.published = true",
    createRule: "@request.auth.id != '' && author = @request.auth.id",
    updateRule: 'author = @request.auth.id',
    deleteRule: 'author = @request.auth.id || post.author = @request.auth.id',
    fields: [
      { name: 'post', type: 'relation', collectionId: 'posts', required: true, cascadeDelete: true },
      { name: 'author', type: 'relation', collectionId: 'members', required: true },
      { name: 'text', type: 'text', required: true },
    ],
  });
  await core.collections.create({ name: 'secrets', fields: [{ name: 'value', type: 'text' }] });

  const member = (
    id: string,
    username: string,
    email: string,
    roles: string[] = [],
    emailVisibility = false,
  ) =>
    create('members', {
      id,
      username,
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      roles,
      emailVisibility,
      note: `note of ${username}`,
      birthday: `1990-04-0${username.length}`,
    });
  await member(IDS.alice, 'alice', 'alice@example.com', [], true);
  await member(IDS.bob, 'bob', 'bob@example.com');
  await member(IDS.mod, 'mod', 'mod@example.com', ['moderator']);
  await create('posts', {
    id: IDS.postPublished,
    title: 'The Giant Garden',
    body: '<p>Once upon a time</p>',
    published: true,
    author: IDS.alice,
    tags: ['giant'],
    views: 10,
  });
  await create('posts', {
    id: IDS.postDraft,
    title: 'Draft of a Tiny Tale',
    published: false,
    author: IDS.alice,
    tags: ['tiny'],
    views: 0,
  });
  await create('posts', {
    id: IDS.postBob,
    title: 'Shrinking Day',
    published: true,
    author: IDS.bob,
    tags: ['shrinking', 'tiny'],
    views: 3,
  });
  await create('comments', {
    id: IDS.comment1,
    post: IDS.postPublished,
    author: IDS.bob,
    text: 'Lovely story',
  });
  await create('comments', {
    id: IDS.comment2,
    post: IDS.postPublished,
    author: IDS.alice,
    text: 'Thank you!',
  });
  await create('secrets', { id: IDS.secret, value: 'hush' });
  const superuser = await create('_superusers', {
    email: 'root@example.com',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
  });

  const token = async (collection: string, id: string) => {
    const c = core.registry.find(collection)!;
    const record: RecordData = await core.records.db.kysely
      .selectFrom(c.name)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return core.tokens.issue(c, record, 'auth');
  };
  return {
    server,
    core,
    tokens: {
      alice: await token('members', IDS.alice),
      bob: await token('members', IDS.bob),
      mod: await token('members', IDS.mod),
      superuser: await token('_superusers', String(superuser.id)),
    },
  };
}

/** Declares a suite per dialect with a fresh database and fixture. */
export function describeWithFixture(name: string, body: (get: () => Fixture) => void): void {
  describeEachDialect(name, (getDb) => {
    let fixture: Fixture | undefined;
    beforeAll(async () => {
      fixture = await buildFixture(getDb());
    });
    afterAll(async () => {
      await fixture?.server.close();
    });
    body(() => {
      if (!fixture) throw new Error('fixture not built');
      return fixture;
    });
  });
}
