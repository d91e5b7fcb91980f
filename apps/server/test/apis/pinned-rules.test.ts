/**
 * Rule parts a filter makes the same for every row (core/rules/pinned.ts): a comment page's
 * `target = "<post>"` pins the target, so "the caller may see the target post" is decided once on one
 * comment, and the page's total is one number for every member, drafts or not. Where it does not
 * hold, the rule stays whole and hides the rows as before.
 */
import { parseFilter } from '@community/filter';
import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { communityCollections } from '../../src/collections';
import type { Collection } from '../../src/core/collections/model';
import { listAdjustments } from '../../src/core/records/list-adjustments';
import { prepareList } from '../../src/core/records/read';
import { readerOf } from '../../src/core/records/remembered-exists';
import { fieldsWalked, pinnedConjuncts, pinnedFields } from '../../src/core/rules/pinned';
import { guestRequest } from '../../src/core/rules/request-info';
import {
  C,
  CAST,
  apiCaller,
  buildCommunity,
  listPage,
  type Caller,
  type Community,
} from '../support/community';
import { describeEachDialect } from '../support/databases';

describe('pinned fields and the rule parts they decide', () => {
  const comments = communityCollections.find((c) => c.name === 'comments') as unknown as Collection;

  it('pins a single relation compared with an id at the top level, and nothing else', () => {
    expect([...pinnedFields(comments, parseFilter('target = "p1" && reply = ""'))]).toEqual([
      ['target', 'p1'],
    ]);
    expect(pinnedFields(comments, parseFilter('"p1" = target')).get('target')).toBe('p1');
    // Inside an OR, with another operator, or on a plain field: no pin.
    expect(pinnedFields(comments, parseFilter('target = "p1" || reply = ""')).size).toBe(0);
    expect(pinnedFields(comments, parseFilter('target != "p1"')).size).toBe(0);
    expect(pinnedFields(comments, parseFilter('content = "p1"')).size).toBe(0);
  });

  it('knows which relations a filter reads through', () => {
    const walked = fieldsWalked(
      parseFilter('target = "p1" && (target.type = "story" || author.username ~ "a")'),
    );
    expect([...walked].sort()).toEqual(['author', 'target']);
  });

  it('decides conjuncts that read the pinned record and the request only', () => {
    const pinned = new Map([['target', 'p1']]);
    const rule = parseFilter(
      "@request.auth.id != '' && (target.published != '' || target.contributors.id ?= @request.auth.id) && author.blocks_via_blocked.blocker != @request.auth.id && (target.published != '' || author = @request.auth.id)",
    );
    const decided = pinnedConjuncts(comments, rule, pinned);
    // The request alone is folded by the compiler; the author varies by row.
    expect(decided).toHaveLength(1);
    expect(JSON.stringify(decided[0])).toContain('target.contributors.id');
  });
});

describeEachDialect('comment pages decided on their pinned post', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  let draftComment = '';

  // The story page's comment filter (apps/web comments feature): the type is read through `target`,
  // whose list-rule gate names the caller as well.
  const page = (who: Caller, post: string) => {
    const filter = encodeURIComponent(`target = "${post}" && target.type = "story"`);
    return listPage(call, who, `collections/comments/records?filter=${filter}&sort=created,id`);
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
    const res = await call('superuser', 'POST', 'collections/comments/records', {
      target: C.draft,
      author: CAST.alice,
      content: 'A note on my own draft.',
    });
    expect(res.statusCode, res.body).toBe(200);
    draftComment = res.json<{ id: string }>().id;
  });

  it('gives a member with a draft and one without the same total, counted once', async () => {
    const lists = community.core.records.lists!;
    // alice has a draft, so her rules keep "or I contribute": without the pin, her total is hers alone.
    expect(await page('alice', C.published)).toEqual({ ids: [C.comment], total: 1 });
    const before = { ...lists.stats };
    expect(await page('bob', C.published)).toEqual({ ids: [C.comment], total: 1 });
    // From memory: the total, or (the statements being the same) bob gets the whole answer alice got.
    expect(lists.stats.hits + lists.stats.renderedHits).toBe(before.hits + before.renderedHits + 1);
    expect(lists.stats.misses).toBe(before.misses);
  });

  it('keeps the whole rule where the pinned post is not visible to the caller', async () => {
    expect(await page('alice', C.draft)).toEqual({ ids: [draftComment], total: 1 });
    expect(await page('bob', C.draft)).toEqual({ ids: [], total: 0 });
    expect((await page('mod', C.draft)).ids).toEqual([draftComment]);
    expect(await page('guest', C.draft)).toEqual({ ids: [], total: 0 });
  });

  it('asks again once the pinned post changes, and remembers the answer until then', async () => {
    const lists = community.core.records.lists!;
    expect(await page('bob', C.draft)).toEqual({ ids: [], total: 0 });
    const before = { ...lists.stats };
    expect(await page('bob', C.draft)).toEqual({ ids: [], total: 0 });
    // Remembered: the look-up itself, or the whole request's answer address (records/answer-addresses.ts).
    expect(lists.stats.checkHits + lists.stats.addressHits).toBeGreaterThan(
      before.checkHits + before.addressHits,
    );
    expect(lists.stats.checkMisses).toBe(before.checkMisses);
    const published = await call('superuser', 'PATCH', `collections/posts/records/${C.draft}`, {
      published: '2026-11-27 12:00:00.000Z',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(await page('bob', C.draft)).toEqual({ ids: [draftComment], total: 1 });
  });

  it('reads the pinned post once per statement, not once per comment', async () => {
    const { core } = community;
    const auth = await core.tokens.authenticate(core.records, community.token('bob')!);
    const comments = core.registry.find('comments')!;
    const request = guestRequest({ auth });
    // As the list endpoint asks it: bob blocked nobody, so the site drops "not blocked" from his rule.
    const { viewRules: _viewRules, ...adjustments } = await listAdjustments(
      core,
      comments,
      request,
      readerOf(core.records),
    );
    const filter = `target = "${C.published}" && target.type = "story"`;
    const list = await prepareList(
      core.records,
      comments,
      { page: 1, perPage: 20, sort: 'created,id', filter, ...adjustments },
      request,
    );
    expect((await list.run()).items.map((item) => item.id)).toEqual([C.comment]);
    // The key holds the page's statement and the total's, each as its text and bound values.
    const [pageSql, countSql] = list
      .key()
      .split('\u0001')
      .filter((part) => part !== '')
      .map((part) => {
        const [text, values] = part.split('\u0000');
        return { text: text!, values: JSON.parse(values!) as unknown[] };
      });
    for (const statement of [pageSql!, countSql!]) {
      expect(statement.text).not.toContain(`= "_r"."target"`);
      const explain = core.db.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
      const { rows } = await core.db.kysely.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(`${explain} ${statement.text}`, statement.values),
      );
      const text = rows.map((row) => Object.values(row).join(' ')).join('\n');
      // SQLite says CORRELATED for a subquery run per row; PostgreSQL a SubPlan (an InitPlan runs once).
      expect(text).not.toMatch(/CORRELATED|SubPlan/);
    }
  });
});
