/**
 * The community's own collections with a cast of members, for permission and behaviour tests:
 * alice (verified author), bob (member), mod (moderator), admin, banned (a banned member).
 */
import { expect } from 'vitest';
import { communityCollections } from '../../src/collections';
import type { Core } from '../../src/core';
import type { RecordData } from '../../src/core/records/record';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { registerSite } from '../../src/site';
import { ensureCollections } from '../../src/site/ensure-collections';
import { createTestServer, type TestServerOptions } from './app';
import type { TestDatabase } from './databases';
import type { FastifyInstance } from 'fastify';

export const CAST = {
  alice: 'aliceaaaaaaaaaa',
  bob: 'bobbbbbbbbbbbbb',
  mod: 'moderatorzzzzzz',
  admin: 'adminnnnnnnnnnn',
  banned: 'bannedbbbbbbbbb',
} as const;

export const C = {
  published: 'postpublished01',
  draft: 'postdraftalice1',
  story: 'storypublished1',
  draftStory: 'storydraftalice',
  comment: 'commentonpost01',
  message: 'messagebobalice',
  tag: 'taggianttiny001',
  page: 'pagerulesrules1',
  report: 'reportbybob0001',
} as const;

export const COMMUNITY_PASSWORD = 'tiny giant 42';

export type Role = keyof typeof CAST | 'guest' | 'superuser';

export interface Community {
  server: FastifyInstance;
  core: Core;
  token(role: Role): string | undefined;
}

export async function buildCommunity(
  testDb: TestDatabase,
  options: Omit<TestServerOptions, 'onCore'> = {},
): Promise<Community> {
  let core!: Core;
  const server = await createTestServer(testDb.db, { ...options, onCore: (c) => (core = c) });
  await ensureCollections(core, communityCollections);
  registerSite(core);
  const su = core.registry.find('_superusers')!;
  const system = systemRequest(su);
  const create = (collection: string, data: RecordData) =>
    createRecord(core.records, core.registry.find(collection)!, data, system);
  const member = (id: string, username: string, extra: RecordData = {}) =>
    create('users', {
      id,
      username,
      email: `${username}@example.com`,
      password: COMMUNITY_PASSWORD,
      passwordConfirm: COMMUNITY_PASSWORD,
      birthday: '1990-05-05',
      ...extra,
    });
  await member(CAST.alice, 'alice', { verified: true });
  await member(CAST.bob, 'bob');
  await member(CAST.mod, 'mod', { roles: ['moderator'], verified: true });
  await member(CAST.admin, 'admin', { roles: ['admin'], verified: true });
  await member(CAST.banned, 'banned');
  await create('posts', {
    id: C.published,
    type: 'story',
    title: 'The Giant Garden',
    contributors: [CAST.alice],
    published: '2026-01-01 00:00:00.000Z',
  });
  await create('posts', {
    id: C.draft,
    type: 'story',
    title: 'A Tiny Draft',
    contributors: [CAST.alice],
    submitted: '2026-01-02 00:00:00.000Z',
  });
  await create('stories', { id: C.story, post: C.published, content: 'Once upon a time...' });
  await create('stories', { id: C.draftStory, post: C.draft, content: 'Not yet.' });
  await create('comments', { id: C.comment, target: C.published, author: CAST.bob, content: 'Lovely!' });
  await create('messages', { id: C.message, from: CAST.bob, to: CAST.alice, content: 'Hello there' });
  await create('tags', { id: C.tag, name: 'giant' });
  await create('pages', {
    id: C.page,
    slug: 'rules',
    title: 'Rules',
    content: '<p>Be kind.</p>',
    visibleTo: 'everyone',
  });
  await create('reports', { id: C.report, user: CAST.bob, reason: 'spam', comment: C.comment });
  // The ban comes last: it ends the banned member's sessions, which is what the tests check.
  const tokens = new Map<Role, string>();
  for (const [role, id] of Object.entries(CAST) as Array<[keyof typeof CAST, string]>) {
    const users = core.registry.find('users')!;
    const record: RecordData = await core.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    tokens.set(role, await core.tokens.issue(users, record, 'auth'));
  }
  await core.db.kysely
    .updateTable('users')
    .set({ is_banned: core.db.dialect === 'sqlite' ? 1 : true })
    .where('id', '=', CAST.banned)
    .execute();
  core.records.lists?.clear(); // written behind the record layer (see `forgetRemembered`)
  const root: RecordData = await create('_superusers', {
    email: 'root@example.com',
    password: COMMUNITY_PASSWORD,
    passwordConfirm: COMMUNITY_PASSWORD,
  });
  tokens.set('superuser', await core.tokens.issue(su, root, 'auth'));
  return { server, core, token: (role) => tokens.get(role) };
}

export type Caller = Role | { token: string };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * A test's write made behind the record layer (raw SQL, like an operator's hand edit) is not seen by
 * the list cache, which remembers list answers and accounts: forgetting everything, as the engine does
 * after a truncation, lets the next request read the data as written.
 */
export function forgetRemembered(community: Community): void {
  community.core.records.lists?.clear();
}

/** Requests to `/api/{path}` as one of the cast, or with a token of one's own. */
export function apiCaller(community: Community) {
  return (who: Caller, method: Method, path: string, payload?: object) => {
    const token = typeof who === 'string' ? community.token(who) : who.token;
    return community.server.inject({
      method,
      url: `/api/${path}`,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: token } : {},
    });
  };
}

/** A list page as `who` gets it: its ids in order and its total. Fails the test on any status but 200. */
export async function listPage(call: ReturnType<typeof apiCaller>, who: Caller, path: string) {
  const res = await call(who, 'GET', path);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ totalItems: number; items: Array<{ id: string }> }>();
  return { ids: body.items.map((item) => item.id), total: body.totalItems };
}

/**
 * Adds a verified member through the API as the superuser and signs them in: a member with no posts,
 * blocks or roles, beside the cast.
 */
export async function addMember(
  community: Community,
  username: string,
): Promise<{ id: string; token: string }> {
  const res = await apiCaller(community)('superuser', 'POST', 'collections/users/records', {
    username,
    email: `${username}@example.com`,
    password: COMMUNITY_PASSWORD,
    passwordConfirm: COMMUNITY_PASSWORD,
    birthday: '1991-06-06',
    verified: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const signedIn = await signIn(community, username);
  expect(signedIn.status).toBe(200);
  return { id: res.json<{ id: string }>().id, token: signedIn.body.token! };
}

/**
 * The community, a caller for it, and a member beside the cast (`addMember`): how the list tests start,
 * with a member who has no posts, drafts or blocks of their own.
 */
export async function communityWithMember(testDb: TestDatabase, username: string) {
  const community = await buildCommunity(testDb);
  const added = await addMember(community, username);
  const member = { id: added.id, caller: { token: added.token } };
  return { community, call: apiCaller(community), member };
}

/** Signs a member in with the password and returns the token. */
export async function signIn(community: Community, identity: string, password = COMMUNITY_PASSWORD) {
  const res = await community.server.inject({
    method: 'POST',
    url: '/api/collections/users/auth-with-password',
    payload: { identity, password },
  });
  return {
    status: res.statusCode,
    body: res.json<{ token?: string; message?: string; record?: { id: string } }>(),
  };
}

/** A member's notifications, newest first. */
export async function notificationsOf(community: Community, who: Caller) {
  const res = await apiCaller(community)(
    who,
    'GET',
    'collections/notifications/records?sort=-created&perPage=200',
  );
  return res.json<{
    items: Array<{ id: string; icon: string; content: string; href: string; read: boolean }>;
  }>().items;
}
