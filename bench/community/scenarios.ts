/**
 * The community suite's scenarios: every list the web app makes (bench/community/list-calls.ts), the
 * story view with its expands, comment creation, and search, each with its budget and a check of its
 * answer. Each request is sent as a real member (a token issued for a generated member; staff lists as
 * the moderator or admin) and rotates over the token pool, so a member's own lists (notifications,
 * inbox, conversations, manage) range from the busiest member to a quiet one.
 */
import type { Core } from '../../apps/server/src/core';
import type { Collection } from '../../apps/server/src/core/collections/model';
import type { RecordContext } from '../../apps/server/src/core/records/context';
import { expandRecords } from '../../apps/server/src/core/records/expand';
import { listAdjustments } from '../../apps/server/src/core/records/list-adjustments';
import { listRecords, viewRecord, type ListParams } from '../../apps/server/src/core/records/read';
import { readerOf } from '../../apps/server/src/core/records/remembered-exists';
import { guestRequest } from '../../apps/server/src/core/rules/request-info';
import {
  CREATE_COMMENT_BUDGET,
  LARGE_PAGE_ROWS,
  LIST_BUDGET,
  SEARCH_BUDGET,
  VIEW_BUDGET,
  type Scenario,
} from '../scenarios';
import type { CommunityFacts } from './dataset';
import { STORY_EXPAND, blockerListCalls, listCalls, type Context, type ListCall } from './list-calls';

export interface Tokens {
  /** One per pool member, in pool order. */
  members: string[];
  /** One per blocker (members who blocked some others). */
  blockers: string[];
  admin: string;
  moderator: string;
}

/** The larger-character classes the filtered search asks for, common to rare. */
const SEARCH_LARGER = ['macro', 'giga', 'mega', 'tera'];

const count = (n: number) => n.toLocaleString('en-US');

function parse(status: number, body: string): Record<string, unknown> {
  if (status !== 200) throw new Error(`status ${status}: ${body.slice(0, 300)}`);
  return JSON.parse(body) as Record<string, unknown>;
}

export function communityScenarios(
  core: Core,
  facts: CommunityFacts,
  tokens: Tokens,
  connections: number,
): Scenario[] {
  const collection = (name: string): Collection => {
    const found = core.registry.find(name);
    if (!found) throw new Error(`collection ${name} is missing`);
    return found;
  };
  const withPartner = facts.pool.map((_, j) => j).filter((j) => facts.pool[j]!.partner !== '');
  const ctx: Context = {
    member: (i) => facts.pool[i % facts.pool.length]!,
    token: (who, i) => {
      if (who === 'admin') return tokens.admin;
      if (who === 'moderator') return tokens.moderator;
      const callers = who === 'blocker' ? tokens.blockers : tokens.members;
      return callers[i % callers.length]!;
    },
    talker: (i) => {
      const j = withPartner[i % withPartner.length]!;
      return { member: facts.pool[j]!, token: tokens.members[j]! };
    },
  };
  /** The same request info the server builds for a token. */
  const requestInfo = async (records: RecordContext, token: string, query: Record<string, string>) => {
    const auth = await core.tokens.authenticate(records, token);
    if (!auth) throw new Error('the token did not authenticate during replay');
    return guestRequest({ auth, query });
  };

  const listScenario = (call: ListCall): Scenario => {
    const who = call.who ?? 'member';
    const queryOf = call.query;
    const tokenOf = (i: number) => (call.talker ? ctx.talker(i).token : ctx.token(who, i));
    const large = Number(queryOf(0).perPage ?? 30) > LARGE_PAGE_ROWS;
    return {
      key: call.key,
      title: call.title,
      connections,
      budget: LIST_BUDGET, // for a list that may answer more rows, set from its answers (pageBudget)
      ...(large ? { rowsOf: (body: string) => (JSON.parse(body) as { items: unknown[] }).items.length } : {}),
      request: (i) => ({
        method: 'GET',
        path: `/api/collections/${call.collection}/records?${new URLSearchParams(queryOf(i)).toString()}`,
        headers: { authorization: tokenOf(i) },
      }),
      check(status, body) {
        const json = parse(status, body);
        const items = json.items as Array<{ expand?: Record<string, unknown> }>;
        if (call.nonEmpty && items.length === 0) throw new Error('the page is empty');
        // A nested path (`inviter.profile`) comes back under its first relation.
        const expand = queryOf(0).expand?.split(',')[0]?.split('.')[0];
        if (expand && items.length && !items.some((item) => item.expand?.[expand])) {
          throw new Error(`expand=${expand} came back empty`);
        }
        const total = Number(json.totalItems);
        return total >= 0 ? `${items.length} of ${count(total)}` : `${items.length}, no total`;
      },
      async replay(records) {
        const query = queryOf(0);
        const request = await requestInfo(records, tokenOf(0), query);
        const target = collection(call.collection);
        // The statements of a request whose whole answer is not remembered (core/records/list-answers.ts):
        // the page, its total and the expands, each as the list cache leaves it.
        const { viewRules, ...adjustments } = await listAdjustments(
          core,
          target,
          request,
          readerOf(core.records),
        );
        const params: ListParams = {
          page: Number(query.page ?? 1),
          perPage: Number(query.perPage ?? 30),
          sort: query.sort,
          filter: query.filter,
          skipTotal: query.skipTotal === '1',
          ...adjustments,
        };
        const result = await listRecords(records, target, params, request);
        if (query.expand)
          await expandRecords(records, target, result.items, query.expand, request, viewRules);
      },
    };
  };

  /** A story search as the search page asks it; `more` adds parameters, `checkMore` checks and labels. */
  const searchScenario = (
    key: string,
    title: string,
    more: (i: number) => Record<string, string>,
    checkMore: (json: Record<string, unknown>) => string,
  ): Scenario => ({
    key,
    title,
    connections,
    budget: SEARCH_BUDGET,
    request: (i) => ({
      method: 'GET',
      path: `/api/search/stories?${new URLSearchParams({
        q: facts.searchQueries[i % facts.searchQueries.length]!,
        ...more(i),
        page: '1',
        perPage: '20',
      }).toString()}`,
      headers: { authorization: ctx.token('member', i) },
    }),
    check(status, body) {
      const json = parse(status, body);
      const label = checkMore(json);
      return `${(json.items as unknown[]).length} of ${count(Number(json.totalItems))}${label}`;
    },
  });

  const story = (i: number) => facts.popularStories[i % facts.popularStories.length]!;
  const scenarios: Scenario[] = listCalls(facts, ctx).map(listScenario);
  scenarios.push(
    {
      key: 'story-view',
      title: 'one story with the story expands (post, contributors, profiles, tags)',
      connections,
      budget: VIEW_BUDGET,
      request: (i) => ({
        method: 'GET',
        path: `/api/collections/stories/records/${story(i).storyId}?expand=${encodeURIComponent(STORY_EXPAND)}`,
        headers: { authorization: ctx.token('member', i) },
      }),
      check(status, body) {
        const json = parse(status, body) as {
          id?: string;
          expand?: { post?: { expand?: { contributors?: unknown } } };
        };
        if (!json.id || !json.expand?.post?.expand?.contributors)
          throw new Error('no story or no expanded post');
        return 'story + post + contributors';
      },
      async replay(records) {
        const stories = collection('stories');
        const request = await requestInfo(records, ctx.token('member', 0), { expand: STORY_EXPAND });
        const record = await viewRecord(records, stories, story(0).storyId, request);
        await expandRecords(records, stories, [record], STORY_EXPAND, request);
      },
    },
    {
      key: 'comment-create',
      title: 'create a comment on a story (rules, counter, notifications)',
      connections,
      budget: CREATE_COMMENT_BUDGET,
      request: (i) => ({
        method: 'POST',
        path: '/api/collections/comments/records',
        headers: { authorization: ctx.token('member', i), 'content-type': 'application/json' },
        body: JSON.stringify({
          target: story(i).postId,
          author: ctx.member(i).id,
          content: `<p>Bench comment ${i}: the giant waved from the harbour.</p>`,
        }),
      }),
      check(status, body) {
        if (!(parse(status, body) as { id?: string }).id) throw new Error('no record');
        return 'created';
      },
    },
    searchScenario(
      'search',
      'story search, 20 per page (post expanded)',
      () => ({}),
      (json) => {
        if ((json.items as unknown[]).length === 0) throw new Error('no results');
        return '';
      },
    ),
    // The search page with its size filters set and the member's muted tags hidden.
    searchScenario(
      'search-filtered',
      'story search with a size filter and muted=hide, 20 per page',
      (i) => ({ larger: SEARCH_LARGER[i % SEARCH_LARGER.length]!, muted: 'hide' }),
      (json) => {
        if (typeof json.hidden !== 'number') throw new Error('no hidden count: muted=hide was not applied');
        return `, ${count(json.hidden)} hidden`;
      },
    ),
  );
  // The blockers' lists, after the pool's (see blockerListCalls).
  scenarios.push(...blockerListCalls(facts).map(listScenario));
  return scenarios;
}
