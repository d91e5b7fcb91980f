/**
 * Compiled rules are remembered per caller (core/rules/rule-cache.ts). A remembered rule must be
 * exactly what a fresh compile gives: another caller, another context, a changed definition or a
 * request value the key does not cover must never get a stale one.
 */
import { parseFilter } from '@community/filter';
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type RawBuilder,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { collectionSchema, type CollectionInput } from '../../src/core/collections/model';
import { CollectionRegistry } from '../../src/core/collections/registry';
import { ruleSql } from '../../src/core/rules/compile';
import { guestRequest, type RequestInfo } from '../../src/core/rules/request-info';
import { ruleNeeds } from '../../src/core/rules/rule-cache';
import { sqliteFlavor } from '../../src/db/sqlite/flavor';

const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const compiled = (builder: RawBuilder<unknown>) => {
  const { sql, parameters } = builder.compile(compiler);
  return { sql, parameters: [...parameters] };
};

const users: CollectionInput = {
  id: 'usersusersusers',
  name: 'users',
  type: 'auth',
  fields: [
    { name: 'roles', type: 'text' },
    { name: 'team', type: 'text' },
  ],
};
const notes: CollectionInput = {
  id: 'notesnotesnotes',
  name: 'notes',
  fields: [
    { name: 'owner', type: 'relation', collectionId: 'usersusersusers', maxSelect: 1 },
    { name: 'body', type: 'text' },
  ],
};

function setup() {
  const registry = new CollectionRegistry();
  registry.set(collectionSchema.parse(users));
  registry.set(collectionSchema.parse(notes));
  const as = (id: string | null, overrides: Partial<RequestInfo> = {}): RequestInfo =>
    guestRequest({
      ...(id ? { auth: { collection: registry.find('users')!, record: { id }, isSuperuser: false } } : {}),
      ...overrides,
    });
  const compile = (rule: string, request: RequestInfo, counter = { next: 0 }, reads?: Set<string>) =>
    compiled(
      ruleSql(
        { registry, flavor: sqliteFlavor, request, counter, reads },
        registry.find('notes')!,
        rule,
        '_r',
      ),
    );
  return { registry, as, compile };
}

describe('rule cache', () => {
  it('compiles afresh when a field of the caller that the rule names changed (a new role applies at once)', () => {
    const { registry, compile } = setup();
    const caller = (roles: string) =>
      guestRequest({
        auth: { collection: registry.find('users')!, record: { id: 'carol', roles }, isSuperuser: false },
      });
    const rule = "owner = @request.auth.id || @request.auth.roles ~ 'moderator'";
    const member = compile(rule, caller('member'));
    const moderator = compile(rule, caller('moderator'));
    expect(moderator).not.toEqual(member);
    expect(compile(rule, caller('member'))).toEqual(member);
  });

  it('binds each caller its own values', () => {
    const { as, compile } = setup();
    const rule = 'owner = @request.auth.id || owner.team = @request.auth.team';
    const alice = compile(rule, as('alice'));
    const bob = compile(rule, as('bob'));
    expect(alice.parameters).toContain('alice');
    expect(bob.parameters).toContain('bob');
    expect(bob.parameters).not.toContain('alice');
    expect(compile(rule, as('alice'))).toEqual(alice);
    expect(compile(rule, as(null)).parameters).not.toContain('alice');
  });

  it('tells contexts and methods apart', () => {
    const { as, compile } = setup();
    const rule = "@request.context != 'expand' && @request.method = 'GET'";
    const plain = compile(rule, as(null));
    const expand = compile(rule, as(null, { context: 'expand' }));
    const post = compile(rule, as(null, { method: 'POST' }));
    expect(plain.sql).not.toEqual(expand.sql);
    expect(plain.sql).not.toEqual(post.sql);
  });

  it('never reuses a rule that reads the body, the query, the headers or the clock', () => {
    const { as, compile } = setup();
    const first = compile('body = @request.body.body', as('alice', { body: { body: 'one' } }));
    const second = compile('body = @request.body.body', as('alice', { body: { body: 'two' } }));
    expect(first.parameters).toContain('one');
    expect(second.parameters).toContain('two');
    expect(ruleNeeds(parseFilter('body = @request.query.q'))).toBeNull();
    expect(ruleNeeds(parseFilter('body = @request.headers.x_token'))).toBeNull();
    expect(ruleNeeds(parseFilter('body > @now'))).toBeNull();
    expect(ruleNeeds(parseFilter("@collection.users.id ?= @request.auth.id && body != ''"))).toEqual({
      auth: true,
      authFields: ['id'],
      context: false,
      method: false,
    });
  });

  it('keeps aliases numbered from where the query was and replays what the rule reads', () => {
    const { as, compile } = setup();
    const rule = 'owner.roles ~ "admin"';
    const counter = { next: 0 };
    const reads = new Set<string>();
    const fresh = compile(rule, as('alice'), counter, reads);
    const after = counter.next;
    const laterCounter = { next: 7 };
    const later = compile(rule, as('alice'), laterCounter);
    expect(later.sql).not.toEqual(fresh.sql);
    expect(laterCounter.next - 7).toBe(after);
    const againCounter = { next: 0 };
    const againReads = new Set<string>();
    expect(compile(rule, as('alice'), againCounter, againReads)).toEqual(fresh);
    expect(againCounter.next).toBe(after);
    expect([...againReads]).toEqual([...reads]);
    expect(reads.size).toBeGreaterThan(0);
  });

  it('forgets everything when a definition changes', () => {
    const { registry, as, compile } = setup();
    const rule = 'owner.team = "red"';
    const before = compile(rule, as('alice'));
    // Renaming the related collection changes the SQL of a rule on `notes` that joins it.
    registry.set(collectionSchema.parse({ ...users, name: 'people' }));
    const after = compile(rule, as('alice'));
    expect(before.sql).toContain('"users"');
    expect(after.sql).toContain('"people"');
  });
});
