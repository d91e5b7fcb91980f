/**
 * The dataset of PRODUCT.md §9 in the community's own collections: 100k members, 100k stories, 200k
 * forum posts, 1M comments, 2M likes and 500k direct messages at scale 1 (`--scale 0.01` builds a
 * hundredth of each). The collections come from the server's definitions (`ensureCollections`, as at
 * start-up); the rows go in bulk through the database layer, with the values the server's hooks would
 * have derived written alongside (post counters, conversations, the search index), so the data is
 * what a community of that size would hold after years of use:
 *
 * - a few members write most stories and get most notifications (long tails over the member index);
 * - 95% of stories are published, 3% wait for review, 2% are drafts; forum posts are all published;
 * - likes, favorites, views and comments go to published posts with Zipf-like popularity;
 * - one conversation per pair of members, each with a run of messages, the last few maybe unread.
 *
 * Everything is drawn from a fixed seed, so one scale always gives the same rows.
 */
import { sql } from 'kysely';
import { communityCollections } from '../../apps/server/src/collections';
import type { Core } from '../../apps/server/src/core';
import type { Collection } from '../../apps/server/src/core/collections/model';
import { createRecord } from '../../apps/server/src/core/records/write';
import { systemRequest } from '../../apps/server/src/core/rules/request-info';
import { ensureCollections } from '../../apps/server/src/site/ensure-collections';
import { reindexAllStories } from '../../apps/server/src/site/search';
import {
  DAY,
  NOW,
  WORDS,
  YEAR,
  dateString,
  distinctIndices,
  permutation,
  recordId,
  seededRandom,
  sentence,
  skewed,
  tokenKey,
  words,
  zipfShares,
  type Random,
} from './random';
import { firstCommentPage, writeComments } from './comments';
import { NO_SIZES, storySizes, writeMutes } from './discovery';
import { writeMessages } from './messages';
import { writePersonalRows } from './personal';
import { BulkWriter } from './writer';

export const PASSWORD = 'bench-password-1';
export const SUPERUSER_EMAIL = 'bench-root@bench.example';

/** The §9 dataset at scale 1. */
export const FULL_SIZES = {
  members: 100_000,
  stories: 100_000,
  forumPosts: 200_000,
  comments: 1_000_000,
  likes: 2_000_000,
  messages: 500_000,
} as const;

export type Sizes = Record<keyof typeof FULL_SIZES, number>;

export function sizesFor(scale: number): Sizes {
  const of = (n: number) => Math.max(10, Math.round(n * scale));
  return {
    members: of(FULL_SIZES.members),
    stories: of(FULL_SIZES.stories),
    forumPosts: of(FULL_SIZES.forumPosts),
    comments: of(FULL_SIZES.comments),
    likes: of(FULL_SIZES.likes),
    messages: of(FULL_SIZES.messages),
  };
}

const LABELS = 40;
const SERIES_SHARE = 0.2;
const SERIES_CHAPTERS = 4;
const TAGS = 300;
const FORUMS = 12;
/** Members whose tokens the scenarios use, spread from the most active to the least. */
const POOL = 20;
const VIEW_POOL = 1000;

export interface PoolMember {
  id: string;
  username: string;
  /** The other member of this member's longest conversation ('' when they have none). */
  partner: string;
  /** The member's newest published story's post ('' when they have none). */
  ownPost: string;
}

/** What the scenarios need to know about the rows (kept beside a cached SQLite file). */
export interface CommunityFacts {
  scale: number;
  /** Rows per collection, as written. */
  counts: Record<string, number>;
  /** Seconds per build step. */
  timings: Record<string, number>;
  pool: PoolMember[];
  /** Members who blocked some others (none of the pool did), for the scenarios of a blocker's lists. */
  blockers: Pick<PoolMember, 'id' | 'username'>[];
  adminId: string;
  moderatorId: string;
  labelIds: string[];
  tagIds: string[];
  forumIds: string[];
  /**
   * Published stories in popularity order, for the story view and comments, each with its first page
   * of top-level comments (what the replies of a comment page are asked for by).
   */
  popularStories: { storyId: string; postId: string; authorId: string; firstCommentPage: string[] }[];
  /** Search queries from common to rare words. */
  searchQueries: string[];
}

/** Pool members from the most active (index 2: 0 and 1 are staff) to the quietest, log-spaced. */
function poolIndicesFor(members: number): Set<number> {
  const indices = new Set<number>();
  for (let t = 0; t < POOL * 3 && indices.size < Math.min(POOL, members - 2); t++) {
    indices.add(Math.min(members - 1, 2 + Math.floor((members - 2) ** (t / (POOL * 3 - 1)) - 1)));
  }
  return indices;
}

async function timed<T>(timings: Record<string, number>, key: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  timings[key] = Number(((performance.now() - started) / 1000).toFixed(2));
  return result;
}

const paragraph = (random: Random, sentences: number) => {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(sentence(random, 6 + Math.floor(random() * 10)));
  return out.join(' ');
};

interface PostPlan {
  ids: string[];
  created: number[];
  author: Uint32Array;
  /** 0 draft, 1 submitted, 2 published. */
  state: Uint8Array;
  likes: Uint32Array;
  favorites: Uint32Array;
  views: Uint32Array;
  comments: Uint32Array;
}

export async function buildCommunity(
  core: Core,
  options: { scale: number; log: (line: string) => void },
): Promise<CommunityFacts> {
  const { scale, log } = options;
  const sizes = sizesFor(scale);
  const timings: Record<string, number> = {};
  const counts: Record<string, number> = {};
  const random = seededRandom(0xc0ffee);
  const dialect = core.db.dialect;

  await timed(timings, 'collections', async () => {
    await core.registry.reload(core.db.kysely);
    await ensureCollections(core, communityCollections);
  });
  const find = (name: string): Collection => {
    const found = core.registry.find(name);
    if (!found) throw new Error(`collection ${name} is missing`);
    return found;
  };
  const writer = (name: string) => BulkWriter.forCollection(core, find(name));
  const finish = async (name: string, w: BulkWriter) => {
    await w.flush();
    counts[name] = (counts[name] ?? 0) + w.written;
  };

  // ---- members and their profiles
  const M = sizes.members;
  const memberIds = Array.from({ length: M }, () => recordId(random));
  const profileIds = Array.from({ length: M }, () => recordId(random));
  const hash = await core.passwords.hash(PASSWORD);
  log(`  ${M.toLocaleString('en-US')} members and profiles`);
  await timed(timings, 'members', async () => {
    const users = writer('users');
    const profiles = writer('profiles');
    for (let i = 0; i < M; i++) {
      const created = dateString(NOW - 3 * YEAR + Math.floor((i / M) * 3 * YEAR));
      await users.add({
        id: memberIds[i],
        email: `member${i}@bench.example`,
        username: `member${i}`,
        password: hash,
        tokenKey: tokenKey(random),
        verified: true,
        emailVisibility: false,
        // Every member is an adult by birthday: posting, commenting and messaging require it.
        birthday: dateString(NOW - (18 + (i % 50)) * YEAR - DAY),
        profile: profileIds[i],
        roles: i === 0 ? ['admin'] : i === 1 ? ['moderator'] : [],
        settings: { theme: 'auto', notification_sound: true, appear_online: true },
        is_banned: false,
        created,
        updated: created,
      });
      await profiles.add({
        id: profileIds[i],
        user: memberIds[i],
        username: `member${i}`,
        name: `Member ${i}`,
        age: 18 + Math.floor(random() * 50),
        bio: `<p>${sentence(random, 12)}</p>`,
        settings: { displayUsername: true, displayAge: random() < 0.5 },
        created,
        updated: created,
      });
    }
    await finish('users', users);
    await finish('profiles', profiles);
  });

  // ---- taxonomy and forums
  const labelIds = Array.from({ length: LABELS }, () => recordId(random));
  const tagIds = Array.from({ length: TAGS }, () => recordId(random));
  const forumIds = Array.from({ length: FORUMS }, () => recordId(random));
  await timed(timings, 'taxonomy', async () => {
    const created = dateString(NOW - 3 * YEAR);
    const labels = writer('labels');
    for (let i = 0; i < LABELS; i++) {
      await labels.add({
        id: labelIds[i],
        name: `Label ${i}`,
        description: '',
        isCategory: i < 5,
        parent: i < 5 ? '' : labelIds[i % 5],
        order: i,
        color: '',
        created,
        updated: created,
      });
    }
    const tags = writer('tags');
    for (let i = 0; i < TAGS; i++) {
      await tags.add({
        id: tagIds[i],
        name: `tag-${WORDS[i % WORDS.length]}-${i}`,
        parent: '',
        created,
        updated: created,
      });
    }
    const forums = writer('forums');
    for (let i = 0; i < FORUMS; i++) {
      await forums.add({
        id: forumIds[i],
        name: `Forum ${i}`,
        description: `<p>${sentence(random, 10)}</p>`,
        sort_order: i,
        created,
        updated: created,
      });
    }
    await finish('labels', labels);
    await finish('tags', tags);
    await finish('forums', forums);
  });

  // ---- plan every post (stories first, then forum posts) and its counters before writing any
  const S = sizes.stories;
  const P = S + sizes.forumPosts;
  const plan: PostPlan = {
    ids: Array.from({ length: P }, () => recordId(random)),
    created: Array.from({ length: P }, () => NOW - Math.floor(random() * 3 * YEAR)),
    author: Uint32Array.from({ length: P }, () => skewed(random, M, 3)),
    state: Uint8Array.from({ length: P }, (_, i) => {
      if (i >= S) return 2;
      const r = random();
      return r < 0.95 ? 2 : r < 0.98 ? 1 : 0;
    }),
    likes: new Uint32Array(P),
    favorites: new Uint32Array(P),
    views: new Uint32Array(P),
    comments: new Uint32Array(P),
  };
  const published: number[] = [];
  for (let i = 0; i < P; i++) if (plan.state[i] === 2) published.push(i);
  const rank = permutation(random, published.length);
  /** Published posts in popularity order. */
  const byPopularity = Array.from(rank, (r) => published[r]!);
  const storiesByPopularity = byPopularity.filter((i) => i < S);
  const likeShares = zipfShares(sizes.likes, byPopularity.length, 0.7, M);
  const viewShares = zipfShares(Math.round(sizes.likes / 4), byPopularity.length, 0.7, M);
  const favoriteShares = zipfShares(Math.round(sizes.likes / 10), storiesByPopularity.length, 0.7, M);
  byPopularity.forEach((post, r) => {
    plan.likes[post] = likeShares[r]!;
    plan.views[post] = viewShares[r]!;
  });
  storiesByPopularity.forEach((post, r) => (plan.favorites[post] = favoriteShares[r]!));
  const commentTarget = new Uint32Array(sizes.comments);
  for (let c = 0; c < sizes.comments; c++) {
    const post = byPopularity[skewed(random, byPopularity.length, 2.5)]!;
    commentTarget[c] = post;
    plan.comments[post]!++;
  }

  // ---- posts, stories, forum posts
  log(
    `  ${P.toLocaleString('en-US')} posts (${S.toLocaleString('en-US')} stories, ${sizes.forumPosts.toLocaleString('en-US')} forum posts)`,
  );
  const storyIds = Array.from({ length: S }, () => recordId(random));
  const storyTitles: string[] = new Array<string>(S);
  // A fifth of the stories are chapters of four-chapter series (the series list of spec part 1 §7):
  // series k holds stories 4k to 4k+3 in order, belongs to its first chapter's author and is
  // published when that chapter is.
  const seriesCount = Math.floor((S * SERIES_SHARE) / SERIES_CHAPTERS);
  const seriesIds = Array.from({ length: seriesCount }, () => recordId(random));
  const seriesPostIds = Array.from({ length: seriesCount }, () => recordId(random));
  const seriesOf = (story: number) =>
    story < seriesCount * SERIES_CHAPTERS ? seriesIds[Math.floor(story / SERIES_CHAPTERS)]! : '';
  await timed(timings, 'posts', async () => {
    const posts = writer('posts');
    const stories = writer('stories');
    const forumPosts = writer('forum_posts');
    for (let i = 0; i < P; i++) {
      const isStory = i < S;
      const created = dateString(plan.created[i]!);
      const state = plan.state[i]!;
      const labels = isStory ? distinctIndices(random, LABELS, 1 + Math.floor(random() * 3)) : [];
      const tags = isStory ? distinctIndices(random, TAGS, Math.floor(random() * 6)) : [];
      const sized = isStory && random() < 0.8 ? storySizes(random) : NO_SIZES;
      const title = sentence(random, 3 + Math.floor(random() * 4)).slice(0, -1);
      if (isStory) storyTitles[i] = title;
      await posts.add({
        id: plan.ids[i],
        type: isStory ? 'story' : 'forum-post',
        title,
        description: isStory ? sentence(random, 10 + Math.floor(random() * 10)) : '',
        contributors: [memberIds[plan.author[i]!]],
        labels: labels.map((l) => labelIds[l]),
        tags: tags.map((t) => tagIds[t]),
        ...sized,
        attachments: [],
        published: state === 2 ? created : '',
        submitted: state >= 1 ? created : '',
        like_count: plan.likes[i],
        favorite_count: plan.favorites[i],
        view_count: plan.views[i],
        comment_count: plan.comments[i],
        created,
        updated: created,
      });
      if (isStory) {
        await stories.add({
          id: storyIds[i],
          post: plan.ids[i],
          content: `<p>${paragraph(random, 4 + Math.floor(random() * 8))}</p>`,
          series: seriesOf(i),
          created,
          updated: created,
        });
      } else {
        const forum = forumIds[skewed(random, FORUMS, 2)]!;
        const lastActivity = dateString(plan.created[i]! + Math.floor(random() * (NOW - plan.created[i]!)));
        await forumPosts.add({
          id: recordId(random),
          post: plan.ids[i],
          forum,
          content: `<p>${paragraph(random, 2 + Math.floor(random() * 4))}</p>`,
          pinned: random() < 0.001,
          created,
          updated: lastActivity,
        });
      }
    }
    const series = writer('series');
    for (let k = 0; k < seriesCount; k++) {
      const first = k * SERIES_CHAPTERS;
      const chapters = Array.from({ length: SERIES_CHAPTERS }, (_, c) => first + c);
      const created = dateString(Math.min(...chapters.map((c) => plan.created[c]!)));
      const updated = dateString(Math.max(...chapters.map((c) => plan.created[c]!)));
      const state = plan.state[first]!;
      await posts.add({
        id: seriesPostIds[k],
        type: 'series',
        title: sentence(random, 2 + Math.floor(random() * 3)).slice(0, -1),
        description: sentence(random, 8 + Math.floor(random() * 8)),
        contributors: [memberIds[plan.author[first]!]],
        labels: [],
        tags: [],
        ...NO_SIZES,
        attachments: [],
        published: state === 2 ? created : '',
        submitted: state >= 1 ? created : '',
        like_count: 0,
        favorite_count: 0,
        view_count: 0,
        comment_count: 0,
        created,
        updated,
      });
      await series.add({
        id: seriesIds[k],
        post: seriesPostIds[k],
        stories: chapters.map((c) => storyIds[c]),
        created,
        updated,
      });
    }
    await finish('posts', posts);
    await finish('stories', stories);
    await finish('forum_posts', forumPosts);
    await finish('series', series);
  });

  // ---- comments (a quarter reply to the thread's previous comment)
  log(`  ${sizes.comments.toLocaleString('en-US')} comments`);
  await timed(timings, 'comments', () =>
    writeComments({
      random,
      memberIds,
      targets: commentTarget,
      postIds: plan.ids,
      postCreated: plan.created,
      writer,
      finish,
    }),
  );

  // ---- likes, favorites, views: distinct members per post
  log(`  ${sizes.likes.toLocaleString('en-US')} likes, with favorites and views`);
  await timed(timings, 'reactions', async () => {
    const likes = writer('likes');
    const favorites = writer('favorites');
    const views = writer('views');
    for (const post of byPopularity) {
      const postCreated = plan.created[post]!;
      const at = () => dateString(postCreated + Math.floor(random() * (NOW - postCreated)));
      for (const member of distinctIndices(random, M, plan.likes[post]!)) {
        const created = at();
        await likes.add({
          id: recordId(random),
          target: plan.ids[post],
          user: memberIds[member],
          created,
          updated: created,
        });
      }
      for (const member of distinctIndices(random, M, plan.favorites[post]!)) {
        const created = at();
        await favorites.add({
          id: recordId(random),
          target: plan.ids[post],
          user: memberIds[member],
          type: 'story',
          created,
          updated: created,
        });
      }
      for (const member of distinctIndices(random, M, plan.views[post]!)) {
        const created = at();
        await views.add({
          id: recordId(random),
          post: plan.ids[post],
          user: memberIds[member],
          created,
          updated: created,
        });
      }
    }
    await finish('likes', likes);
    await finish('favorites', favorites);
    await finish('views', views);
  });

  // ---- notifications: most go to the most active members
  await timed(timings, 'notifications', async () => {
    const notifications = writer('notifications');
    const shares = zipfShares(5 * M, M, 0.8, 5000);
    for (let member = 0; member < M; member++) {
      for (let n = 0; n < shares[member]!; n++) {
        const created = dateString(NOW - Math.floor(random() * YEAR));
        await notifications.add({
          id: recordId(random),
          user: memberIds[member],
          icon: 'comment',
          content: `New comment on "${words(random, 4)}"`,
          href: `/stories/${storyIds[Math.floor(random() * S)]}`,
          read: random() < 0.7,
          fold_key: '',
          fold_count: 0,
          created,
          updated: created,
        });
      }
    }
    await finish('notifications', notifications);
  });

  // ---- direct messages, one conversation per pair
  log(`  ${sizes.messages.toLocaleString('en-US')} messages`);
  const longest = await timed(timings, 'messages', () =>
    writeMessages({ random, memberIds, total: sizes.messages, writer, finish }),
  );

  // ---- moderation and presence (small)
  await timed(timings, 'moderation', async () => {
    const reports = writer('reports');
    const reportCount = Math.max(10, Math.round(2000 * scale));
    for (let r = 0; r < reportCount; r++) {
      const created = dateString(NOW - Math.floor(random() * YEAR));
      const resolved = random() < 0.5;
      await reports.add({
        id: recordId(random),
        user: memberIds[Math.floor(random() * M)],
        reason: sentence(random, 8),
        post: plan.ids[byPopularity[Math.floor(random() * byPopularity.length)]!],
        comment: '',
        profile: '',
        message: '',
        action: resolved ? 'resolve' : '',
        resolver: resolved ? memberIds[1] : '',
        resolution: resolved ? 'Looked at it.' : '',
        created,
        updated: created,
      });
    }
    // A presence record for every member who used the site lately; one in fifty of them is online.
    const presence = writer('presence');
    for (let i = 0; i < M; i += 3) {
      const online = i % 150 === 0;
      const at = dateString(online ? NOW : NOW - Math.floor(random() * YEAR));
      await presence.add({
        id: memberIds[i],
        user: memberIds[i],
        status: online ? 'online' : 'offline',
        created: at,
        updated: at,
      });
    }
    await finish('reports', reports);
    await finish('presence', presence);
  });

  // ---- muted tags and labels: every pool member mutes some (so the scenarios' `muted=hide` hides
  // something), and so does one member in ten
  const poolIndices = poolIndicesFor(M);
  await timed(timings, 'mutes', async () => {
    const mutes = writer('mutes');
    await writeMutes({ random, memberIds, tagIds, labelIds, alwaysMuting: poolIndices, writer: mutes });
    await finish('mutes', mutes);
  });

  // ---- blocks, follows, reading progress, drafts, invitations, revisions, the moderators' trail
  const newestStory = new Map<number, number>();
  for (let i = 0; i < S; i++) {
    const author = plan.author[i]!;
    if (!poolIndices.has(author) || plan.state[i] !== 2) continue;
    const known = newestStory.get(author);
    if (known === undefined || plan.created[i]! > plan.created[known]!) newestStory.set(author, i);
  }
  const newestPost = new Map(
    [...newestStory].map(([author, i]) => [author, { postId: plan.ids[i]!, title: storyTitles[i]! }]),
  );
  const blockers = await timed(timings, 'personal', () =>
    writePersonalRows({
      // Its own stream, so the rows before it stay as they were.
      random: seededRandom(0x5eed),
      scale,
      memberIds,
      pool: [...poolIndices],
      popular: storiesByPopularity.slice(0, VIEW_POOL).map((i) => ({
        storyId: storyIds[i]!,
        postId: plan.ids[i]!,
        author: plan.author[i]!,
        title: storyTitles[i]!,
      })),
      seriesIds,
      newestPost,
      writer,
      finish,
    }),
  );

  // ---- the search index, filled by the server's own rebuild (what a start on these rows would do)
  await timed(timings, 'search', () => reindexAllStories(core.records, dialect));

  // The superuser goes through the record service (a real bcrypt hash, as for any sign-in).
  const superusers = find('_superusers');
  await createRecord(
    core.records,
    superusers,
    { email: SUPERUSER_EMAIL, password: PASSWORD, passwordConfirm: PASSWORD },
    systemRequest(superusers),
  );

  await timed(timings, 'analyze', async () => {
    // PostgreSQL: what autovacuum would do soon after a bulk load. SQLite: statistics for the planner,
    // and the WAL folded back into the file before the server (or the cache) takes it.
    if (dialect === 'postgres') await sql`VACUUM (ANALYZE)`.execute(core.db.kysely);
    else {
      await sql`ANALYZE`.execute(core.db.kysely);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(core.db.kysely);
    }
  });

  const pool = [...poolIndices].map((i) => ({
    id: memberIds[i]!,
    username: `member${i}`,
    partner: longest.has(i) ? memberIds[longest.get(i)!.partner]! : '',
    ownPost: newestPost.get(i)?.postId ?? '',
  }));

  return {
    scale,
    counts,
    timings,
    pool,
    blockers: blockers.map((i) => ({ id: memberIds[i]!, username: `member${i}` })),
    adminId: memberIds[0]!,
    moderatorId: memberIds[1]!,
    labelIds,
    tagIds: tagIds.slice(0, 50),
    forumIds,
    popularStories: await Promise.all(
      storiesByPopularity.slice(0, VIEW_POOL).map(async (i) => ({
        storyId: storyIds[i]!,
        postId: plan.ids[i]!,
        authorId: memberIds[plan.author[i]!]!,
        firstCommentPage: await firstCommentPage(core, plan.ids[i]!),
      })),
    ),
    searchQueries: [
      'giant',
      'tiny pocket',
      'lighthouse',
      'secret potion',
      'shrink',
      'harbour captain',
      'museum',
      'gentle giant',
    ],
  };
}
