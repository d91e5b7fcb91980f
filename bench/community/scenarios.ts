/**
 * The community suite's scenarios: every list the web app makes (spec part 1 §7 and part 2 §7, with
 * the collections, filters, sorts, expands and page sizes of apps/web), the story view with its
 * expands, comment creation, and search. Each request is sent as a real member (a token issued for a
 * generated member; staff lists as the moderator or admin) and rotates over the token pool, so a
 * member's own lists (notifications, inbox, conversations, manage) range from the busiest member to
 * a quiet one.
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

/** What the story pages expand (apps/web/src/features/stories/api/get-stories.ts). */
const STORY_EXPAND = 'post,post.contributors,post.contributors.profile,post.tags';
/** What the content queue expands (apps/web/src/features/moderation/api/content-queue.ts). */
const QUEUE_EXPAND = 'contributors,contributors.profile,tags,stories_via_post,series_via_post';
const PUBLISHED = "post.published != ''";
/** What a comment page expands (apps/web/src/features/comments/api/get-comment-page.ts). */
const COMMENT_EXPAND = 'author,author.profile';
/** A series card: its post with the author, and its chapters. */
const SERIES_EXPAND = 'post,post.contributors,post.contributors.profile,stories';

export interface Tokens {
  /** One per pool member, in pool order. */
  members: string[];
  admin: string;
  moderator: string;
}

type Who = 'member' | 'admin' | 'moderator';

interface Context {
  /** The pool member for the i-th request. */
  member: (i: number) => CommunityFacts['pool'][number];
  token: (who: Who, i: number) => string;
  /** The i-th member among those who have a conversation, with that member's token. */
  talker: (i: number) => { member: CommunityFacts['pool'][number]; token: string };
}

interface ListCall {
  key: string;
  title: string;
  collection: string;
  who?: Who;
  /** The query of the i-th request (filters name the member of that request). */
  query: (i: number) => Record<string, string>;
  /** The first answer (busiest pool member) must have items. */
  nonEmpty?: boolean;
  /** Sent as `ctx.talker(i)` rather than the i-th pool member. */
  talker?: boolean;
}

/** The larger-character classes the filtered search asks for, common to rare. */
const SEARCH_LARGER = ['macro', 'giga', 'mega', 'tera'];

const quote = (value: string) => JSON.stringify(value);
const count = (n: number) => n.toLocaleString('en-US');

function parse(status: number, body: string): Record<string, unknown> {
  if (status !== 200) throw new Error(`status ${status}: ${body.slice(0, 300)}`);
  return JSON.parse(body) as Record<string, unknown>;
}

function listCalls(facts: CommunityFacts, ctx: Context): ListCall[] {
  const me = (i: number) => ctx.member(i).id;
  const story = (i: number) => facts.popularStories[i % facts.popularStories.length]!;
  const label = (i: number) => facts.labelIds[i % facts.labelIds.length]!;
  const tag = (i: number) => facts.tagIds[i % facts.tagIds.length]!;
  const forum = (i: number) => facts.forumIds[i % facts.forumIds.length]!;
  const page = (perPage: number) => ({ page: '1', perPage: String(perPage) });
  const profileWork = (collection: 'stories' | 'series', nonEmpty: boolean): ListCall => ({
    key: `profile-${collection}`,
    title: `a member's profile: their published ${collection}, -created, 10, post expanded`,
    collection,
    nonEmpty,
    query: (i) => ({
      ...page(10),
      filter: `${PUBLISHED} && post.contributors:each ?= ${quote(ctx.member(i + 1).id)}`,
      sort: '-created',
      expand: 'post',
    }),
  });
  return [
    // Spec part 1 §7: stories, comments, reactions, notifications, taxonomy, forums, profiles.
    {
      key: 'stories-latest',
      title: 'stories, published, -created, 10 per page, story expands',
      collection: 'stories',
      nonEmpty: true,
      query: () => ({ ...page(10), filter: PUBLISHED, sort: '-created', expand: STORY_EXPAND }),
    },
    {
      // The home page and the story list as a member with muted tags sees them (PRODUCT.md §14).
      key: 'stories-latest-muted',
      title: 'stories-latest with muted=hide (the member mutes 2 tags and a label)',
      collection: 'stories',
      nonEmpty: true,
      query: () => ({
        ...page(10),
        filter: PUBLISHED,
        sort: '-created',
        expand: STORY_EXPAND,
        muted: 'hide',
      }),
    },
    {
      key: 'series-latest',
      title: 'series, published, -created, 10 per page, post and chapter expands',
      collection: 'series',
      nonEmpty: true,
      query: () => ({ ...page(10), filter: PUBLISHED, sort: '-created', expand: SERIES_EXPAND }),
    },
    {
      key: 'stories-by-label',
      title: 'stories, published with a label, +created, 20 per page, story expands',
      collection: 'stories',
      nonEmpty: true,
      query: (i) => ({
        ...page(20),
        filter: `${PUBLISHED} && post.labels.id ?= ${quote(label(i))}`,
        sort: 'created',
        expand: STORY_EXPAND,
      }),
    },
    {
      key: 'stories-by-tag',
      title: 'stories, published with a tag, +created, 20 per page, story expands',
      collection: 'stories',
      nonEmpty: true,
      query: (i) => ({
        ...page(20),
        filter: `${PUBLISHED} && post.tags.id ?= ${quote(tag(i))}`,
        sort: 'created',
        expand: STORY_EXPAND,
      }),
    },
    {
      key: 'stories-mine-published',
      title: "stories, the member's published, -created, up to 1000, story expands",
      collection: 'stories',
      nonEmpty: true,
      query: (i) => ({
        ...page(1000),
        filter: `post.contributors.id ?= ${quote(me(i))} && ${PUBLISHED}`,
        sort: '-created',
        expand: STORY_EXPAND,
      }),
    },
    {
      key: 'stories-mine-pending',
      title: "stories, the member's unpublished, -created, up to 1000, story expands",
      collection: 'stories',
      query: (i) => ({
        ...page(1000),
        filter: `post.contributors.id ?= ${quote(me(i))} && post.published = ''`,
        sort: '-created',
        expand: STORY_EXPAND,
      }),
    },
    {
      key: 'comments-page',
      title: "a story's page of top-level comments, +created, 20, author and profile expanded",
      collection: 'comments',
      nonEmpty: true,
      query: (i) => ({
        ...page(20),
        filter: `target = ${quote(story(i).postId)} && target.type = "story" && reply = ""`,
        sort: 'created,id',
        expand: COMMENT_EXPAND,
      }),
    },
    {
      key: 'comments-replies',
      title: 'every reply under that page, by root, +created, batches of 500, expanded',
      collection: 'comments',
      query: (i) => ({
        ...page(500),
        filter:
          story(i)
            .firstCommentPage.map((id) => `root = ${quote(id)}`)
            .join(' || ') || 'root = "-"',
        sort: 'created,id',
        expand: COMMENT_EXPAND,
      }),
    },
    {
      key: 'comments-last',
      title: 'newest comment of a story (last comment date), 1, skipTotal',
      collection: 'comments',
      query: (i) => ({
        ...page(1),
        filter: `target = ${quote(story(i).postId)}`,
        sort: '-created',
        skipTotal: '1',
      }),
    },
    {
      key: 'likes-mine',
      title: "the member's like of a story, 1, skipTotal",
      collection: 'likes',
      query: (i) => ({
        ...page(1),
        filter: `target = ${quote(story(i).postId)} && user = ${quote(me(i))}`,
        skipTotal: '1',
      }),
    },
    {
      key: 'favorites-mine',
      title: "the member's favorite stories, -created, batches of 500",
      collection: 'favorites',
      query: (i) => ({ ...page(500), filter: `user = ${quote(me(i))} && type = "story"`, sort: '-created' }),
    },
    {
      key: 'views-mine',
      title: "the member's view of a story, 1, skipTotal",
      collection: 'views',
      query: (i) => ({
        ...page(1),
        filter: `post = ${quote(story(i).postId)} && user = ${quote(me(i))}`,
        skipTotal: '1',
      }),
    },
    {
      key: 'notifications-all',
      title: "the member's notifications, -created, up to 10000",
      collection: 'notifications',
      nonEmpty: true,
      query: (i) => ({ ...page(10000), filter: `user = ${quote(me(i))}`, sort: '-created' }),
    },
    {
      key: 'notifications-unread',
      title: "the member's unread notifications, -created, up to 10000",
      collection: 'notifications',
      query: (i) => ({ ...page(10000), filter: `user = ${quote(me(i))} && read = false`, sort: '-created' }),
    },
    {
      key: 'labels',
      title: 'labels, up to 1000, by order',
      collection: 'labels',
      nonEmpty: true,
      query: () => ({ ...page(1000), sort: 'order' }),
    },
    {
      key: 'tags',
      title: 'tags, up to 1000, by name',
      collection: 'tags',
      nonEmpty: true,
      query: () => ({ ...page(1000), sort: 'name' }),
    },
    {
      key: 'forums',
      title: 'forums, by sort order',
      collection: 'forums',
      nonEmpty: true,
      query: () => ({ ...page(100), sort: 'sort_order' }),
    },
    {
      key: 'forum-posts',
      title: "a forum's posts, -updated, 20 per page",
      collection: 'forum_posts',
      nonEmpty: true,
      query: (i) => ({ ...page(20), filter: `forum = ${quote(forum(i))}`, sort: '-updated' }),
    },
    {
      key: 'forum-pinned',
      title: 'pinned forum posts (view), +created, up to 10000',
      collection: 'pinned_forum_posts',
      query: () => ({ ...page(10000), sort: 'created' }),
    },
    {
      key: 'forum-post-counts',
      title: 'post count per forum (view), one forum',
      collection: 'forum_post_counts',
      nonEmpty: true,
      query: (i) => ({ ...page(1), filter: `id = ${quote(forum(i))}` }),
    },
    {
      key: 'profile-by-user',
      title: "first profile by another member's user id, skipTotal",
      collection: 'profiles',
      nonEmpty: true,
      query: (i) => ({ ...page(1), filter: `user = ${quote(ctx.member(i + 1).id)}`, skipTotal: '1' }),
    },
    {
      // Through the relation: users' own list rule (self or staff) decides what the member may match.
      key: 'profile-by-username',
      title: "first profile by user.username (the member's own), skipTotal",
      collection: 'profiles',
      nonEmpty: true,
      query: (i) => ({
        ...page(1),
        filter: `user.username = ${quote(ctx.member(i).username)}`,
        skipTotal: '1',
      }),
    },
    // A profile's work (apps/web/src/features/profiles/api/get-member-posts.ts), as another member
    // sees it: the next pool member's.
    profileWork('stories', true),
    profileWork('series', false),
    {
      // The member's reactions page (apps/web/src/features/profiles/api/my-reactions.ts).
      key: 'reactions-mine',
      title:
        "the member's likes, -created, up to 10000, the post and its story or series expanded, skipTotal",
      collection: 'likes',
      query: (i) => ({
        ...page(10000),
        filter: `user = ${quote(me(i))}`,
        sort: '-created',
        expand: 'target,target.stories_via_post,target.series_via_post',
        skipTotal: '1',
      }),
    },
    // Spec part 2 §7: messaging, moderation, presence, the admin counts.
    {
      key: 'conversations',
      title: "the member's conversations, -lastTimestamp, 100 per page",
      collection: 'conversations',
      nonEmpty: true,
      query: (i) => ({ ...page(100), filter: `id ~ ${quote(me(i))}`, sort: '-lastTimestamp' }),
    },
    {
      key: 'messages-inbox-unread',
      title: 'inbox dropdown: unread to the member, -created, 10',
      collection: 'messages',
      query: (i) => ({ ...page(10), filter: `to = ${quote(me(i))} && is_read = false`, sort: '-created' }),
    },
    {
      key: 'messages-inbox',
      title: 'inbox: to the member, -created, 10',
      collection: 'messages',
      nonEmpty: true,
      query: (i) => ({ ...page(10), filter: `to = ${quote(me(i))}`, sort: '-created' }),
    },
    {
      key: 'messages-outbox',
      title: 'outbox: from the member, -created, 10',
      collection: 'messages',
      nonEmpty: true,
      query: (i) => ({ ...page(10), filter: `from = ${quote(me(i))}`, sort: '-created' }),
    },
    {
      key: 'messages-thread',
      title: 'one conversation, both directions, +created, batches of 500, sender and profile expanded',
      collection: 'messages',
      nonEmpty: true,
      talker: true,
      query: (i) => {
        const { id, partner } = ctx.talker(i).member;
        return {
          ...page(500),
          filter: `(from = ${quote(id)} && to = ${quote(partner)}) || (from = ${quote(partner)} && to = ${quote(id)})`,
          sort: 'created',
          expand: 'from,from.profile',
        };
      },
    },
    {
      key: 'reports-open',
      title: 'moderator: unresolved reports, +created, 20, related records expanded',
      collection: 'reports',
      who: 'moderator',
      nonEmpty: true,
      query: () => ({
        ...page(20),
        filter: "resolver = ''",
        sort: 'created',
        expand: 'user,post,comment,profile,message',
      }),
    },
    {
      key: 'posts-submitted',
      title: 'moderator: content queue, +created, 20, queue expands',
      collection: 'posts',
      who: 'moderator',
      nonEmpty: true,
      query: () => ({
        ...page(20),
        filter: 'published = "" && submitted != ""',
        sort: 'created',
        expand: QUEUE_EXPAND,
      }),
    },
    {
      key: 'count-submitted',
      title: 'moderator sidebar: submitted posts, 1, total',
      collection: 'posts',
      who: 'moderator',
      query: () => ({ ...page(1), filter: 'published = "" && submitted != ""' }),
    },
    {
      key: 'count-reports',
      title: 'moderator sidebar: open reports, 1, total',
      collection: 'reports',
      who: 'moderator',
      query: () => ({ ...page(1), filter: 'resolver = ""' }),
    },
    {
      key: 'count-users',
      title: 'moderator sidebar: users, 1, total',
      collection: 'users',
      who: 'moderator',
      query: () => page(1),
    },
    {
      key: 'users-admin',
      title: 'admin: users, -created, 100 per page, profile expanded',
      collection: 'users',
      who: 'admin',
      nonEmpty: true,
      query: () => ({ ...page(100), sort: '-created', expand: 'profile' }),
    },
    {
      key: 'presence-online',
      title: 'members online, up to 10000',
      collection: 'presence',
      nonEmpty: true,
      query: () => ({ ...page(10000), filter: "status = 'online'" }),
    },
  ];
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
    token: (who, i) =>
      who === 'admin'
        ? tokens.admin
        : who === 'moderator'
          ? tokens.moderator
          : tokens.members[i % tokens.members.length]!,
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
        const expand = queryOf(0).expand?.split(',')[0];
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
  return scenarios;
}
