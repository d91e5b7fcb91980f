/**
 * Who may do what with each community collection (PRODUCT.md §2), as a table: collection × operation ×
 * caller → status. A banned member's token no longer authenticates, so the banned row reads as a guest.
 * Attempts to set server-owned fields (published, counters, roles, is_banned, verified, cf_verified) are
 * rows too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { C, CAST, buildCommunity, type Community, type Role } from '../support/community';

type Op = 'list' | 'view' | 'create' | 'update' | 'delete';

interface Row {
  collection: string;
  op: Op;
  id?: string;
  body?: Record<string, unknown>;
  /** Expected status per caller; for lists, `[200, n]` also checks totalItems. */
  expect: Partial<Record<Role, number | [number, number]>>;
}

const ALL: Role[] = ['guest', 'banned', 'bob', 'alice', 'mod', 'admin', 'superuser'];

const rows: Row[] = [
  // users: members see each other; lists show oneself (mods: everyone); roles and bans are staff-only.
  // Rows that succeed change the cast, so they only grant what leaves later rows' outcomes intact.
  {
    collection: 'users',
    op: 'list',
    expect: { guest: [200, 0], banned: [200, 0], bob: [200, 1], mod: [200, 5], superuser: [200, 5] },
  },
  {
    collection: 'users',
    op: 'view',
    id: CAST.alice,
    expect: { guest: 404, banned: 404, bob: 200, alice: 200, mod: 200 },
  },
  {
    collection: 'users',
    op: 'update',
    id: CAST.bob,
    body: { roles: ['tester'] },
    expect: { bob: 404, mod: 404, admin: 200 },
  },
  {
    collection: 'users',
    op: 'update',
    id: CAST.alice,
    body: { is_banned: true },
    expect: { alice: 404, bob: 404 },
  },
  { collection: 'users', op: 'update', id: CAST.bob, body: { verified: true }, expect: { bob: 400 } },
  {
    collection: 'users',
    op: 'update',
    id: CAST.bob,
    body: { username: 'robert' },
    expect: { alice: 404, mod: 404, bob: 200 },
  },
  { collection: 'users', op: 'delete', id: CAST.bob, expect: { guest: 403, bob: 403, admin: 403 } },
  // An imported account stays unmigrated until its member claims it: the server clears the mark, no caller.
  {
    collection: 'users',
    op: 'update',
    id: CAST.bob,
    body: { unmigrated: true },
    expect: { bob: 404, mod: 404 },
  },
  // What an import keeps (which old record became which, old password hashes) is for superusers only.
  {
    collection: 'import_links',
    op: 'list',
    expect: { guest: 403, bob: 403, mod: 403, admin: 403, superuser: [200, 0] },
  },
  {
    collection: 'import_links',
    op: 'create',
    body: { source: 'efiction:1', kind: 'author', legacy_id: '1', record: CAST.bob },
    expect: { guest: 403, bob: 403, admin: 403 },
  },
  {
    collection: 'legacy_credentials',
    op: 'list',
    expect: { guest: 403, bob: 403, mod: 403, admin: 403, superuser: [200, 0] },
  },
  {
    collection: 'legacy_credentials',
    op: 'create',
    body: { user: CAST.bob, scheme: 'md5', hash: '0cc175b9c0f1b6a831c399e269772661' },
    expect: { bob: 403, mod: 403, admin: 403 },
  },
  // posts: drafts are for their contributors and moderators; publishing and counters are not for authors.
  {
    collection: 'posts',
    op: 'list',
    expect: { guest: [200, 0], bob: [200, 1], alice: [200, 2], mod: [200, 2] },
  },
  {
    collection: 'posts',
    op: 'view',
    id: C.draft,
    expect: { guest: 404, bob: 404, alice: 200, mod: 200, superuser: 200 },
  },
  {
    collection: 'posts',
    op: 'create',
    body: { type: 'story', title: 'By bob', contributors: [CAST.bob] },
    expect: { guest: 400, bob: 400 },
  },
  {
    collection: 'posts',
    op: 'create',
    body: { type: 'story', title: 'By alice', contributors: [CAST.alice] },
    expect: { alice: 200 },
  },
  {
    collection: 'posts',
    op: 'create',
    body: { type: 'forum-post', title: 'Thread', contributors: [CAST.bob] },
    expect: { bob: 200 },
  },
  {
    collection: 'posts',
    op: 'create',
    body: { type: 'story', title: 'Self-published', contributors: [CAST.alice], published: '2026-02-02' },
    expect: { alice: 400 },
  },
  {
    collection: 'posts',
    op: 'create',
    body: { type: 'forum-post', title: 'Inflated', contributors: [CAST.bob], like_count: 99 },
    expect: { bob: 400 },
  },
  {
    collection: 'posts',
    op: 'update',
    id: C.draft,
    body: { published: '2026-02-02' },
    expect: { alice: 404 },
  },
  {
    collection: 'posts',
    op: 'update',
    id: C.draft,
    body: { view_count: 1000 },
    expect: { alice: 404, mod: 404 },
  },
  {
    collection: 'posts',
    op: 'update',
    id: C.draft,
    body: { title: 'Retitled draft' },
    expect: { bob: 404, alice: 200 },
  },
  // Scheduled chapters: contributors set a story's publish time while it is unpublished; `approved` is
  // the server's; no publish time on other post types.
  {
    collection: 'posts',
    op: 'create',
    body: {
      type: 'story',
      title: 'Later',
      contributors: [CAST.alice],
      publish_at: '2030-01-01 00:00:00.000Z',
    },
    expect: { alice: 200 },
  },
  {
    collection: 'posts',
    op: 'create',
    body: { type: 'forum-post', title: 'Later', contributors: [CAST.bob], publish_at: '2030-01-01' },
    expect: { bob: 400 },
  },
  {
    collection: 'posts',
    op: 'create',
    body: { type: 'story', title: 'Pre-approved', contributors: [CAST.alice], approved: '2026-02-02' },
    expect: { alice: 400 },
  },
  {
    collection: 'posts',
    op: 'update',
    id: C.draft,
    body: { approved: '2026-02-02' },
    expect: { alice: 404, mod: 404 },
  },
  {
    collection: 'posts',
    op: 'update',
    id: C.draft,
    body: { publish_at: '2030-01-01 00:00:00.000Z' },
    expect: { bob: 404, alice: 200 },
  },
  {
    collection: 'posts',
    op: 'update',
    id: C.published,
    body: { publish_at: '2030-01-01 00:00:00.000Z' },
    expect: { bob: 404, alice: 404 },
  },
  // stories: read as their post; editing is for contributors only.
  { collection: 'stories', op: 'list', expect: { guest: [200, 0], bob: [200, 1], alice: [200, 2] } },
  {
    collection: 'stories',
    op: 'update',
    id: C.story,
    body: { content: 'Edited' },
    expect: { bob: 404, mod: 404, alice: 200 },
  },
  // comments: on published posts; the post's contributors and moderators may delete.
  {
    collection: 'comments',
    op: 'create',
    body: { target: C.draft, author: CAST.alice, content: 'Hm' },
    expect: { alice: 400 },
  },
  {
    collection: 'comments',
    op: 'create',
    body: { target: C.published, author: CAST.alice, content: 'Thanks' },
    expect: { guest: 400, bob: 400, alice: 200 },
  },
  {
    collection: 'comments',
    op: 'update',
    id: C.comment,
    body: { content: 'Changed' },
    expect: { alice: 404, bob: 200 },
  },
  // likes and views: one's own only; reading history is private.
  {
    collection: 'likes',
    op: 'create',
    body: { target: C.published, user: CAST.alice },
    expect: { bob: 400, alice: 200 },
  },
  { collection: 'views', op: 'create', body: { post: C.published, user: CAST.bob }, expect: { bob: 200 } },
  { collection: 'views', op: 'list', expect: { alice: [200, 0], bob: [200, 1], mod: [200, 0] } },
  // read progress: private to its member, only for stories the member may view (issue 16).
  {
    collection: 'read_progress',
    op: 'create',
    body: { user: CAST.bob, story: C.story, paragraph: 3, paragraphs: 10 },
    expect: { guest: 400, bob: 200, alice: 400 },
  },
  {
    collection: 'read_progress',
    op: 'create',
    body: { user: CAST.bob, story: C.draftStory, paragraph: 0, paragraphs: 4 },
    expect: { bob: 400 },
  },
  {
    collection: 'read_progress',
    op: 'list',
    expect: { guest: [200, 0], alice: [200, 0], bob: [200, 1], mod: [200, 0], superuser: [200, 1] },
  },
  // follows: one's own only, of someone else, private to the follower (issue 16).
  {
    collection: 'follows',
    op: 'create',
    body: { user: CAST.bob, author: CAST.alice },
    expect: { guest: 400, alice: 400, bob: 200 },
  },
  {
    collection: 'follows',
    op: 'create',
    body: { user: CAST.alice, author: CAST.alice },
    expect: { alice: 400 },
  },
  {
    collection: 'follows',
    op: 'list',
    expect: { guest: [200, 0], alice: [200, 0], bob: [200, 1], mod: [200, 0], superuser: [200, 1] },
  },
  // mutes: one's own only, one tag or one label each, private to the member (issue 20).
  {
    collection: 'mutes',
    op: 'create',
    body: { user: CAST.bob, tag: C.tag },
    expect: { guest: 400, alice: 400, bob: 200 },
  },
  { collection: 'mutes', op: 'create', body: { user: CAST.alice }, expect: { alice: 400 } },
  {
    collection: 'mutes',
    op: 'list',
    expect: { guest: [200, 0], alice: [200, 0], bob: [200, 1], mod: [200, 0], superuser: [200, 1] },
  },
  // size metadata is the post's contributors' to set, like its other fields; only listed values.
  {
    collection: 'posts',
    op: 'update',
    id: C.published,
    body: { larger_size: 'mega', smaller_size: 'micro', size_change: 'growth' },
    expect: { bob: 404, alice: 200 },
  },
  {
    collection: 'posts',
    op: 'update',
    id: C.published,
    body: { larger_size: 'huge' },
    expect: { alice: 400 },
  },
  // drafts (issue 17): one's own, of one's own posts or a new post; read by moderators, written by nobody else.
  {
    collection: 'drafts',
    op: 'create',
    body: { user: CAST.bob, type: 'story', data: { title: 'Half' } },
    expect: { guest: 400, alice: 400, mod: 400, bob: 200 },
  },
  {
    collection: 'drafts',
    op: 'create',
    body: { user: CAST.bob, type: 'story', post: C.draft, data: { title: 'Not his' } },
    expect: { bob: 400 },
  },
  {
    collection: 'drafts',
    op: 'list',
    expect: { guest: [200, 0], alice: [200, 0], bob: [200, 1], mod: [200, 1], superuser: [200, 1] },
  },
  // post_revisions (issue 17): kept by the server on each story save; for contributors and moderators.
  {
    collection: 'post_revisions',
    op: 'list',
    expect: {
      guest: [200, 0],
      banned: [200, 0],
      bob: [200, 0],
      alice: [200, 3],
      mod: [200, 3],
      admin: [200, 3],
    },
  },
  {
    collection: 'post_revisions',
    op: 'create',
    body: { post: C.published, content: 'Forged' },
    expect: { guest: 403, bob: 403, alice: 403, mod: 403 },
  },
  // notifications and conversations are written by the server only.
  {
    collection: 'notifications',
    op: 'create',
    body: { user: CAST.bob, content: 'Hi' },
    expect: { bob: 403, mod: 403, superuser: 200 },
  },
  { collection: 'conversations', op: 'create', body: {}, expect: { alice: 403, admin: 403 } },
  // messages: between the two participants; never to oneself or to a banned member.
  {
    collection: 'messages',
    op: 'view',
    id: C.message,
    expect: { guest: 404, mod: 404, bob: 200, alice: 200 },
  },
  {
    collection: 'messages',
    op: 'create',
    body: { from: CAST.alice, to: CAST.alice, content: 'Me' },
    expect: { alice: 400 },
  },
  {
    collection: 'messages',
    op: 'create',
    body: { from: CAST.alice, to: CAST.banned, content: 'Hi' },
    expect: { alice: 400 },
  },
  {
    collection: 'messages',
    op: 'update',
    id: C.message,
    body: { content: 'Rewritten' },
    expect: { bob: 404, alice: 404 },
  },
  {
    collection: 'messages',
    op: 'update',
    id: C.message,
    body: { is_read: true },
    expect: { bob: 404, alice: 200 },
  },
  { collection: 'messages', op: 'delete', id: C.message, expect: { bob: 404, alice: 404 } },
  // message_requests (safe messages): written by the server; only the recipient reads and answers them.
  { collection: 'message_requests', op: 'list', expect: { guest: [200, 0], alice: [200, 0], mod: [200, 0] } },
  {
    collection: 'message_requests',
    op: 'create',
    body: { from: CAST.bob, to: CAST.alice, status: 'accepted' },
    expect: { guest: 403, alice: 403, mod: 403, superuser: 200 },
  },
  // reports: filed by members about exactly one thing; read by moderators and their reporter.
  {
    collection: 'reports',
    op: 'list',
    expect: { guest: [200, 0], alice: [200, 0], bob: [200, 1], mod: [200, 1] },
  },
  {
    collection: 'reports',
    op: 'create',
    body: { user: CAST.alice, reason: 'x', comment: C.comment, post: C.published },
    expect: { alice: 400 },
  },
  {
    collection: 'reports',
    op: 'create',
    body: { user: CAST.alice, reason: 'x', comment: C.comment, resolver: CAST.alice },
    expect: { alice: 400 },
  },
  {
    collection: 'reports',
    op: 'update',
    id: C.report,
    body: { resolution: 'done', action: 'resolve', resolver: CAST.mod },
    expect: { bob: 404, mod: 200 },
  },
  // post_content_actions: moderators decide, as themselves, with a reason for reject and delete.
  {
    collection: 'post_content_actions',
    op: 'create',
    body: { post: C.draft, resolver: CAST.alice, action: 'publish' },
    expect: { alice: 400 },
  },
  {
    collection: 'post_content_actions',
    op: 'create',
    body: { post: C.draft, resolver: CAST.mod, action: 'reject' },
    expect: { mod: 400 },
  },
  // tags by members, labels and forums by admins, pages by visibility.
  { collection: 'tags', op: 'create', body: { name: 'shrinking' }, expect: { guest: 400, bob: 200 } },
  { collection: 'tags', op: 'create', body: { name: 'GIANT' }, expect: { alice: 400 } },
  { collection: 'labels', op: 'create', body: { name: 'Fantasy' }, expect: { mod: 400, admin: 200 } },
  { collection: 'forums', op: 'create', body: { name: 'General' }, expect: { bob: 400, admin: 200 } },
  { collection: 'pages', op: 'view', id: C.page, expect: { guest: 200, bob: 200 } },
  {
    collection: 'pages',
    op: 'update',
    id: C.page,
    body: { title: 'Our rules' },
    expect: { mod: 404, admin: 200 },
  },
  // profiles: one each, by its member; verification is the server's.
  {
    collection: 'profiles',
    op: 'create',
    body: { user: CAST.bob, name: 'Bob' },
    expect: { alice: 400, bob: 200 },
  },
  {
    collection: 'profiles',
    op: 'create',
    body: { user: CAST.alice, name: 'Alice', cf_verified: '2026-01-01' },
    expect: { alice: 400 },
  },
  // The decision trail of a deleted post (post cleared) stays with moderators: "any contributor is
  // the caller" must not hold for a guest just because no contributor is left to compare.
  {
    collection: 'post_content_actions',
    op: 'create',
    body: { id: 'trailofdeleted1', title: 'Gone', resolver: CAST.mod, action: 'delete', resolution: 'x' },
    expect: { superuser: 200 },
  },
  {
    collection: 'post_content_actions',
    op: 'view',
    id: 'trailofdeleted1',
    expect: { guest: 404, banned: 404, bob: 404, alice: 404, mod: 200 },
  },
  // presence: the record's id is the member's id.
  {
    collection: 'presence',
    op: 'create',
    body: { id: CAST.bob, user: CAST.bob, status: 'online' },
    expect: { alice: 400, bob: 200 },
  },
  // forums are the admins'; a thread is its author's, pinning is the moderators', and a forum with
  // threads is not deleted (issue 15). Rows run in order, so each builds on the ones before it.
  {
    collection: 'forums',
    op: 'create',
    body: { id: 'forummatrix0001', name: 'Matrix' },
    expect: { mod: 400, admin: 200 },
  },
  { collection: 'forums', op: 'list', expect: { guest: [200, 0], bob: [200, 2] } },
  {
    collection: 'forums',
    op: 'update',
    id: 'forummatrix0001',
    body: { sort_order: 3 },
    expect: { bob: 404, mod: 404, admin: 200 },
  },
  {
    collection: 'posts',
    op: 'create',
    body: { id: 'forumthreadbob1', type: 'forum-post', title: 'Matrix thread', contributors: [CAST.bob] },
    expect: { bob: 200 },
  },
  {
    collection: 'forum_posts',
    op: 'create',
    body: { post: 'forumthreadbob1', forum: 'forummatrix0001', content: 'Hi', pinned: true },
    expect: { bob: 400 },
  },
  {
    collection: 'forum_posts',
    op: 'create',
    body: { id: 'forumpostbob001', post: 'forumthreadbob1', forum: 'forummatrix0001', content: 'Hi' },
    expect: { guest: 400, alice: 400, bob: 200 },
  },
  { collection: 'forum_posts', op: 'view', id: 'forumpostbob001', expect: { guest: 404, alice: 200 } },
  {
    collection: 'forum_posts',
    op: 'update',
    id: 'forumpostbob001',
    body: { content: 'Edited' },
    expect: { guest: 404, alice: 404, bob: 200 },
  },
  {
    collection: 'forum_posts',
    op: 'update',
    id: 'forumpostbob001',
    body: { content: 'Moderated', pinned: true },
    expect: { mod: 404 },
  },
  {
    collection: 'forum_posts',
    op: 'update',
    id: 'forumpostbob001',
    body: { pinned: true },
    expect: { bob: 404, alice: 404, mod: 200 },
  },
  { collection: 'pinned_forum_posts', op: 'list', expect: { guest: [200, 0], alice: [200, 1] } },
  { collection: 'forum_post_counts', op: 'list', expect: { guest: [200, 0], alice: [200, 1] } },
  { collection: 'forums', op: 'delete', id: 'forummatrix0001', expect: { bob: 404, mod: 404, admin: 400 } },
  { collection: 'forum_posts', op: 'delete', id: 'forumpostbob001', expect: { alice: 404, bob: 204 } },
  { collection: 'forums', op: 'delete', id: 'forummatrix0001', expect: { admin: 204 } },
  // Account deletion (issue 45): the queue is written by the server only (apis/account.ts asks for
  // the password first); admins may read it. Retired usernames are a hash nobody reads.
  {
    collection: 'account_deletions',
    op: 'list',
    expect: { guest: [200, 0], bob: [200, 0], mod: [200, 0], admin: [200, 0], superuser: [200, 0] },
  },
  {
    collection: 'account_deletions',
    op: 'create',
    body: { user: CAST.bob, works: 'delete', discussions: 'delete', erase_after: '2026-01-01 00:00:00.000Z' },
    expect: { guest: 403, bob: 403, mod: 403, admin: 403 },
  },
  {
    collection: 'retired_usernames',
    op: 'list',
    expect: { guest: 403, bob: 403, mod: 403, admin: 403, superuser: [200, 0] },
  },
  {
    collection: 'retired_usernames',
    op: 'create',
    body: { name_hash: 'a'.repeat(64), until: '2099-01-01 00:00:00.000Z' },
    expect: { guest: 403, bob: 403, admin: 403 },
  },
  // Data exports (issue 45): asked for through POST /api/account/export and written by its job only;
  // each member reads their own (none exist here, so every list is empty but allowed to members).
  {
    collection: 'data_exports',
    op: 'list',
    expect: { guest: [200, 0], bob: [200, 0], mod: [200, 0], admin: [200, 0], superuser: [200, 0] },
  },
  {
    collection: 'data_exports',
    op: 'create',
    body: { user: CAST.bob, status: 'ready' },
    expect: { guest: 403, bob: 403, mod: 403, admin: 403 },
  },
  // The mail queue (issue 44): the server's alone; a mail's text can hold a one-time link.
  {
    collection: 'mail_queue',
    op: 'list',
    expect: { guest: 403, bob: 403, mod: 403, admin: 403, superuser: [200, 0] },
  },
  {
    collection: 'mail_queue',
    op: 'create',
    body: {
      to: 'x@example.com',
      subject: 'x',
      text: 'x',
      status: 'waiting',
      next_attempt: '2026-01-01 00:00:00.000Z',
    },
    expect: { guest: 403, bob: 403, mod: 403, admin: 403 },
  },
  // staff_messages: the dashboard's staff chat; staff only, each as themself, never edited.
  {
    collection: 'staff_messages',
    op: 'create',
    body: { id: 'staffmessage001', author: CAST.mod, content: 'Hello staff' },
    expect: { guest: 400, banned: 400, bob: 400, alice: 400, mod: 200, admin: 400 },
  },
  {
    collection: 'staff_messages',
    op: 'list',
    expect: {
      guest: [200, 0],
      banned: [200, 0],
      bob: [200, 0],
      alice: [200, 0],
      mod: [200, 1],
      admin: [200, 1],
    },
  },
  {
    collection: 'staff_messages',
    op: 'delete',
    id: 'staffmessage001',
    expect: { bob: 403, mod: 403, admin: 403 },
  },
  // PRODUCT.md §15 integrity rows (apps/server/test/integrity/ has each attack in full).
  // One post, one record: no second story on a post, and a story never moves to another post.
  {
    collection: 'stories',
    op: 'create',
    body: { post: C.draft, content: 'A second story on one post' },
    expect: { alice: 400 },
  },
  {
    collection: 'stories',
    op: 'update',
    id: C.draftStory,
    body: { post: C.published },
    expect: { alice: 404, mod: 404 },
  },
  // Moderator powers are exact: a moderator changes no field of another member but is_banned.
  {
    collection: 'users',
    op: 'update',
    id: CAST.alice,
    body: { emailVisibility: true },
    expect: { mod: 403, bob: 404 },
  },
  // The resolver of a report is its caller, never someone else.
  {
    collection: 'reports',
    op: 'update',
    id: C.report,
    body: { action: 'resolve', resolver: CAST.admin },
    expect: { mod: 404 },
  },
  // Identity links are fixed: users.profile only ever names one's own profile.
  {
    collection: 'users',
    op: 'update',
    id: CAST.bob,
    body: { profile: 'nosuchprofile01' },
    expect: { bob: 404 },
  },
  // Authorship is consented: one creator, co-authors invited (post_invitations) and added on accepting.
  {
    collection: 'posts',
    op: 'create',
    body: { type: 'story', title: 'Two authors', contributors: [CAST.alice, CAST.bob] },
    expect: { alice: 400 },
  },
  {
    collection: 'post_invitations',
    op: 'create',
    body: { post: C.published, user: CAST.bob, inviter: CAST.alice },
    expect: { guest: 400, bob: 400, mod: 400, alice: 200 },
  },
  { collection: 'post_invitations', op: 'list', expect: { guest: [200, 0], mod: [200, 0], bob: [200, 1] } },
  // Reactions follow visibility: nothing on a post one cannot view.
  {
    collection: 'likes',
    op: 'create',
    body: { target: C.draft, user: CAST.bob },
    expect: { bob: 400 },
  },
  {
    collection: 'favorites',
    op: 'create',
    body: { target: C.draft, user: CAST.bob, type: 'story' },
    expect: { bob: 400 },
  },
  { collection: 'views', op: 'create', body: { post: C.draft, user: CAST.bob }, expect: { bob: 400 } },
  {
    collection: 'reports',
    op: 'create',
    body: { user: CAST.bob, reason: 'x', post: C.draft },
    expect: { bob: 400 },
  },
  // blocks (PRODUCT.md §14): the blocker's own rows only; never staff, never oneself, one per pair; the
  // blocked member never sees the row. Last, since bob's block hides alice's work from bob.
  {
    collection: 'blocks',
    op: 'create',
    body: { blocker: CAST.bob, blocked: CAST.mod },
    expect: { bob: 400 },
  },
  {
    collection: 'blocks',
    op: 'create',
    body: { blocker: CAST.bob, blocked: CAST.admin },
    expect: { bob: 400 },
  },
  {
    collection: 'blocks',
    op: 'create',
    body: { blocker: CAST.bob, blocked: CAST.bob },
    expect: { bob: 400 },
  },
  {
    collection: 'blocks',
    op: 'create',
    body: { id: 'blockbobalice01', blocker: CAST.bob, blocked: CAST.alice },
    expect: { guest: 400, alice: 400, bob: 200 },
  },
  {
    collection: 'blocks',
    op: 'create',
    body: { blocker: CAST.bob, blocked: CAST.alice },
    expect: { bob: 400 },
  },
  {
    collection: 'blocks',
    op: 'list',
    expect: { guest: [200, 0], alice: [200, 0], mod: [200, 0], bob: [200, 1], superuser: [200, 1] },
  },
  {
    collection: 'blocks',
    op: 'view',
    id: 'blockbobalice01',
    expect: { guest: 404, alice: 404, mod: 404, bob: 200 },
  },
  {
    collection: 'blocks',
    op: 'update',
    id: 'blockbobalice01',
    body: { blocked: CAST.banned },
    expect: { alice: 403, bob: 403, admin: 403 },
  },
  { collection: 'stories', op: 'list', expect: { bob: [200, 0], mod: [200, 2] } },
  {
    collection: 'blocks',
    op: 'delete',
    id: 'blockbobalice01',
    expect: { guest: 404, alice: 404, mod: 404, bob: 204 },
  },
  { collection: 'stories', op: 'list', expect: { bob: [200, 1] } },
];

/** Operations outside the record API, by path: expected status per caller. */
const routes: Array<{
  path: string;
  /** GET unless said; a POST sends `payload`. */
  method?: 'POST';
  payload?: Record<string, unknown>;
  expect: Partial<Record<Role, number>>;
}> = [
  // Deleting an account (apis/account.ts): one's own with the password, members only (a wrong one is
  // a 400 that deletes nothing); another's by admins only, with a reason.
  {
    path: '/api/account/delete',
    method: 'POST',
    payload: { works: 'orphan', password: 'not the password' },
    expect: { guest: 401, banned: 401, superuser: 401, bob: 400, mod: 400, admin: 400 },
  },
  {
    path: '/api/account/delete/request-mail',
    method: 'POST',
    payload: { works: 'burn' },
    expect: { guest: 401, banned: 401, superuser: 401, bob: 400, admin: 400 },
  },
  {
    path: '/api/account/delete/confirm',
    method: 'POST',
    payload: { token: 'not a token' },
    expect: { guest: 401, banned: 401, superuser: 401, bob: 400, admin: 400 },
  },
  {
    path: '/api/account/delete-member',
    method: 'POST',
    payload: { user: CAST.bob, works: 'orphan' },
    expect: { guest: 401, banned: 401, superuser: 401, bob: 403, alice: 403, mod: 403, admin: 400 },
  },
  // EPUB export (apis/epub.ts): members download what they may view; a draft only its contributors
  // and moderators, with a 403 that says why for everyone else; guests sign in first.
  {
    path: `/api/epub/stories/${C.story}`,
    expect: { guest: 401, banned: 401, bob: 200, alice: 200, mod: 200, superuser: 200 },
  },
  {
    path: `/api/epub/stories/${C.draftStory}`,
    expect: { guest: 401, banned: 401, bob: 403, alice: 200, mod: 200, admin: 200, superuser: 200 },
  },
  { path: '/api/epub/series/nosuchseries000', expect: { bob: 404, mod: 404 } },
];

describeEachDialect('permission matrix', (getDb) => {
  let community: Community;
  beforeAll(async () => {
    community = await buildCommunity(getDb());
  });
  afterAll(async () => {
    await community.server.close();
  });

  for (const row of rows) {
    for (const role of ALL) {
      const expected = row.expect[role];
      if (expected === undefined) continue;
      const [status, total] = Array.isArray(expected) ? expected : [expected, undefined];
      const target = row.id ? ` ${row.id}` : '';
      const body = row.body ? ` ${JSON.stringify(row.body)}` : '';
      it(`${row.collection} ${row.op}${target}${body} as ${role} → ${status}${total === undefined ? '' : ` (${total} items)`}`, async () => {
        const token = community.token(role);
        const base = `/api/collections/${row.collection}/records`;
        const method = { list: 'GET', view: 'GET', create: 'POST', update: 'PATCH', delete: 'DELETE' }[
          row.op
        ] as 'GET';
        const url = row.id ? `${base}/${row.id}` : base;
        const res = await community.server.inject({
          method,
          url,
          ...(row.body ? { payload: row.body } : {}),
          headers: token ? { authorization: token } : {},
        });
        expect(res.statusCode, res.body).toBe(status);
        if (total !== undefined) expect(res.json<{ totalItems: number }>().totalItems).toBe(total);
        if (status === 200 && row.collection === 'users' && row.op === 'view' && role === 'bob') {
          expect(res.body).not.toContain('birthday');
          expect(res.body).not.toContain('is_banned');
        }
      });
    }
  }

  for (const route of routes) {
    for (const role of ALL) {
      const status = route.expect[role];
      if (status === undefined) continue;
      it(`${route.method ?? 'GET'} ${route.path} as ${role} → ${status}`, async () => {
        const token = community.token(role);
        const res = await community.server.inject({
          method: route.method ?? 'GET',
          url: route.path,
          ...(route.payload ? { payload: route.payload } : {}),
          headers: token ? { authorization: token } : {},
        });
        expect(res.statusCode, res.statusCode === 200 ? '' : res.body).toBe(status);
      });
    }
  }
});
