/**
 * Every list the web app makes (spec part 1 §7 and part 2 §7), as the community suite asks it: the
 * collections, filters, sorts, expands and page sizes of apps/web, each naming the member of its
 * request. bench/community/scenarios.ts measures them.
 */
import type { CommunityFacts } from './dataset';

/** What the story pages expand (apps/web/src/features/stories/api/get-stories.ts). */
export const STORY_EXPAND = 'post,post.contributors,post.contributors.profile,post.tags';
/** What the content queue expands (apps/web/src/features/moderation/api/content-queue.ts). */
const QUEUE_EXPAND = 'contributors,contributors.profile,tags,stories_via_post,series_via_post';
const PUBLISHED = "post.published != ''";
/** What a comment page expands (apps/web/src/features/comments/api/get-comment-page.ts). */
const COMMENT_EXPAND = 'author,author.profile';
/** A series card: its post with the author, and its chapters. */
const SERIES_EXPAND = 'post,post.contributors,post.contributors.profile,stories';

type Who = 'member' | 'admin' | 'moderator' | 'blocker';

export interface Context {
  /** The pool member for the i-th request. */
  member: (i: number) => CommunityFacts['pool'][number];
  token: (who: Who, i: number) => string;
  /** The i-th member among those who have a conversation, with that member's token. */
  talker: (i: number) => { member: CommunityFacts['pool'][number]; token: string };
}

export interface ListCall {
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

const quote = (value: string) => JSON.stringify(value);

/** A story's first page of top-level comments, as the story page asks it. */
const commentPage = (postId: string) => ({
  page: '1',
  perPage: '20',
  filter: `target = ${quote(postId)} && target.type = "story" && reply = ""`,
  sort: 'created,id',
  expand: COMMENT_EXPAND,
});

export function listCalls(facts: CommunityFacts, ctx: Context): ListCall[] {
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
      query: (i) => commentPage(story(i).postId),
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
    // PRODUCT.md §13–§15: the member's own lists (settings, reading, drafts, co-authors), a story's
    // revisions, and the moderators' dashboard.
    {
      key: 'blocks-mine',
      title:
        "settings: the member's blocks, -created, all (1000 a batch), blocked member and profile expanded",
      collection: 'blocks',
      who: 'blocker',
      nonEmpty: true,
      query: () => ({ ...page(1000), sort: '-created', expand: 'blocked,blocked.profile', skipTotal: '1' }),
    },
    {
      key: 'mutes-mine',
      title: "the member's muted tags and labels, +created, all (1000 a batch), tag and label expanded",
      collection: 'mutes',
      nonEmpty: true,
      query: () => ({ ...page(1000), sort: 'created', expand: 'tag,label', skipTotal: '1' }),
    },
    {
      key: 'follows-author',
      title: "whether the member follows a story's author, 1, skipTotal",
      collection: 'follows',
      query: (i) => ({
        ...page(1),
        filter: `user = ${quote(me(i))} && author = ${quote(story(i).authorId)}`,
        skipTotal: '1',
      }),
    },
    {
      key: 'progress-story',
      title: "the member's place in a story, 1, skipTotal",
      collection: 'read_progress',
      query: (i) => ({
        ...page(1),
        filter: `user = ${quote(me(i))} && story = ${quote(story(i).storyId)}`,
        skipTotal: '1',
      }),
    },
    {
      key: 'progress-chapters',
      title: "the member's places in ten stories (a series' chapters), all (1000 a batch)",
      collection: 'read_progress',
      nonEmpty: true,
      query: (i) => {
        const chapters = Array.from({ length: 10 }, (_, c) => `story = ${quote(story(i + c).storyId)}`);
        return {
          ...page(1000),
          filter: `user = ${quote(me(i))} && (${chapters.join(' || ')})`,
          skipTotal: '1',
        };
      },
    },
    {
      key: 'progress-unfinished',
      title: 'continue reading: unfinished stories, -updated, 5, story and post expanded, skipTotal',
      collection: 'read_progress',
      nonEmpty: true,
      query: (i) => ({
        ...page(5),
        filter: `user = ${quote(me(i))} && finished = false`,
        sort: '-updated',
        expand: 'story,story.post',
        skipTotal: '1',
      }),
    },
    {
      key: 'draft-new-story',
      title: "the member's draft of a new story, 1",
      collection: 'drafts',
      nonEmpty: true,
      query: (i) => ({ ...page(1), filter: `user = ${quote(me(i))} && type = "story" && post = ""` }),
    },
    {
      key: 'invitations-mine',
      title: "the member's pending co-author invitations, -created, all (1000 a batch), expanded",
      collection: 'post_invitations',
      nonEmpty: true,
      query: (i) => ({
        ...page(1000),
        filter: `user = ${quote(me(i))} && status = 'pending'`,
        sort: '-created,-id',
        expand: 'inviter.profile,post',
        skipTotal: '1',
      }),
    },
    {
      key: 'invitations-of-post',
      title: "pending invitations of the member's newest story, +created, all (1000 a batch), expanded",
      collection: 'post_invitations',
      query: (i) => ({
        ...page(1000),
        filter: `post = ${quote(ctx.member(i).ownPost || '-')} && status = 'pending'`,
        sort: 'created,id',
        expand: 'user.profile',
        skipTotal: '1',
      }),
    },
    {
      key: 'revisions',
      title: "moderator: a story's revisions, -created, 20, editor's profile expanded",
      collection: 'post_revisions',
      who: 'moderator',
      nonEmpty: true,
      query: (i) => ({
        ...page(20),
        filter: `post = ${quote(story(i).postId)}`,
        sort: '-created,-id',
        expand: 'editor.profile',
      }),
    },
    {
      key: 'comment-page-of',
      title: "a linked comment's page: top-level comments before it, 1, total, id only",
      collection: 'comments',
      query: (i) => ({
        ...page(1),
        filter:
          `target = ${quote(story(i).postId)} && reply = "" && ` +
          `(created < "2026-06-01 00:00:00.000Z" || (created = "2026-06-01 00:00:00.000Z" && id < "m"))`,
        fields: 'id',
      }),
    },
    {
      key: 'decisions-log',
      title: 'moderator: recent decisions, the moderation log, -created, 15, moderator expanded',
      collection: 'moderation_log',
      who: 'moderator',
      nonEmpty: true,
      query: () => ({ ...page(15), sort: '-created', expand: 'moderator,moderator.profile' }),
    },
    {
      key: 'decisions-reviews',
      title: 'moderator: recent decisions, review actions, -created, 15, resolver and post expanded',
      collection: 'post_content_actions',
      who: 'moderator',
      nonEmpty: true,
      query: () => ({ ...page(15), sort: '-created', expand: 'resolver,resolver.profile,post' }),
    },
    {
      key: 'decisions-reports',
      title: 'moderator: recent decisions, resolved reports, -updated, 15, resolver expanded',
      collection: 'reports',
      who: 'moderator',
      nonEmpty: true,
      query: () => ({
        ...page(15),
        filter: 'resolver != ""',
        sort: '-updated',
        expand: 'resolver,resolver.profile',
      }),
    },
    {
      key: 'staff-messages',
      title: 'moderator: the staff chat, -created, 50, author and profile expanded',
      collection: 'staff_messages',
      who: 'moderator',
      nonEmpty: true,
      query: () => ({ ...page(50), sort: '-created', expand: 'author,author.profile' }),
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

/**
 * The lists of members who blocked some others (20 of them, 3 blocks each), asked by them: their lists
 * leave the blocked members' rows out as a narrowing (site/blocks.ts `withoutBlockedWork`), with a
 * total of their own. They come after every list of the pool, whose members block nobody.
 */
export function blockerListCalls(facts: CommunityFacts): ListCall[] {
  const story = (i: number) => facts.popularStories[i % facts.popularStories.length]!;
  return [
    {
      key: 'stories-latest-blocking',
      title: 'stories-latest asked by a member who blocked 3 members',
      collection: 'stories',
      who: 'blocker',
      nonEmpty: true,
      query: () => ({ page: '1', perPage: '10', filter: PUBLISHED, sort: '-created', expand: STORY_EXPAND }),
    },
    {
      key: 'comments-page-blocking',
      title: 'comments-page asked by a member who blocked 3 members',
      collection: 'comments',
      who: 'blocker',
      nonEmpty: true,
      query: (i) => commentPage(story(i).postId),
    },
  ];
}
