/**
 * The community dataset's personal and staff rows (dataset.ts, PRODUCT.md §13–§15): whom members block
 * and follow, how far they read, their drafts and co-author invitations, the revisions of stories, and
 * the moderators' trail and chat. Every pool member (the scenarios' callers) has some of each, so the
 * lists that read them have rows to find; one member in ten has a few, so the tables have a size.
 *
 * Blocking is the exception: most members never block anyone, and a member who does lists through the
 * whole rules (site/blocks.ts), so the pool members block nobody and the members who block (`blockers`,
 * one in ten outside the pool) are the callers of their own scenarios.
 */
import { NOW, DAY, YEAR, dateString, distinctIndices, recordId, sentence, type Random } from './random';
import type { BulkWriter } from './writer';

/** Rows per pool member (and per one member in ten, `…_OTHERS`). */
const BLOCKS = 3;
/** How many blockers the scenarios take as callers. */
export const BLOCKER_CALLERS = 20;
const FOLLOWED_AUTHORS = 10;
const FOLLOWED_SERIES = 3;
const PROGRESS = 60;
const PROGRESS_OTHERS = 5;
const INVITATIONS = 3;
const OTHERS_EVERY = 10;
/** Revisions of each popular story, and what the moderators left (per scale-1 dataset). */
const REVISIONS = 5;
const LOG_ENTRIES = 2000;
const REVIEWS = 2000;
const STAFF_MESSAGES = 300;

export interface PersonalStory {
  storyId: string;
  postId: string;
  /** The story's (first) author, as a member index. */
  author: number;
  title: string;
}

export interface PersonalStep {
  random: Random;
  scale: number;
  memberIds: string[];
  /** The scenarios' callers, as member indices (0 and 1 are staff and never among them). */
  pool: readonly number[];
  /** Published stories, most popular first. */
  popular: readonly PersonalStory[];
  seriesIds: readonly string[];
  /** Each pool member's newest post, where they have one. */
  newestPost: ReadonlyMap<number, { postId: string; title: string }>;
  writer: (name: string) => BulkWriter;
  finish: (name: string, writer: BulkWriter) => Promise<void>;
}

const recent = (random: Random) => dateString(NOW - Math.floor(random() * 90 * DAY));
const lastYear = (random: Random) => dateString(NOW - Math.floor(random() * YEAR));

/** The members who have personal rows: the pool, and one member in ten (staff aside). */
function membersWithRows(step: PersonalStep): number[] {
  const pool = new Set(step.pool);
  const members: number[] = [];
  for (let i = 2; i < step.memberIds.length; i++) if (pool.has(i) || i % OTHERS_EVERY === 0) members.push(i);
  return members;
}

/** Writes the rows; returns the blockers the scenarios may call as (member indices). */
export async function writePersonalRows(step: PersonalStep): Promise<number[]> {
  const { random, memberIds, popular, writer, finish } = step;
  const M = memberIds.length;
  const pool = new Set(step.pool);
  const members = membersWithRows(step);
  const blockers: number[] = [];
  const someone = (not: number) => {
    // Never staff, never the member themself.
    const other = 2 + Math.floor(random() * (M - 2));
    return other === not ? 2 + ((other - 1) % (M - 2)) : other;
  };

  const blocks = writer('blocks');
  const follows = writer('follows');
  const progress = writer('read_progress');
  const drafts = writer('drafts');
  for (const member of members) {
    const user = memberIds[member]!;
    const inPool = pool.has(member);
    // Blocks: a member outside the pool blocks members from anywhere (distinct, never oneself).
    const blocked = new Set<number>();
    while (!inPool && blocked.size < BLOCKS) blocked.add(someone(member));
    if (blocked.size && blockers.length < BLOCKER_CALLERS) blockers.push(member);
    for (const other of blocked)
      await blocks.add({
        id: recordId(random),
        blocker: user,
        blocked: memberIds[other],
        created: lastYear(random),
      });
    // Follows: the authors of popular stories, and a few series.
    if (inPool) {
      const authors = new Set<number>();
      for (const s of distinctIndices(random, Math.min(popular.length, 200), FOLLOWED_AUTHORS * 2)) {
        const author = popular[s]!.author;
        if (author !== member && authors.size < FOLLOWED_AUTHORS) authors.add(author);
      }
      for (const author of authors)
        await follows.add({
          id: recordId(random),
          user,
          author: memberIds[author],
          series: '',
          created: lastYear(random),
        });
      for (const k of distinctIndices(random, step.seriesIds.length, FOLLOWED_SERIES))
        await follows.add({
          id: recordId(random),
          user,
          author: '',
          series: step.seriesIds[k],
          created: lastYear(random),
        });
    }
    // Reading progress: the most popular stories first, about half of them finished.
    const read = inPool
      ? Array.from({ length: Math.min(PROGRESS, popular.length) }, (_, s) => s)
      : distinctIndices(random, popular.length, Math.min(PROGRESS_OTHERS, popular.length));
    for (const s of read) {
      const paragraphs = 10 + Math.floor(random() * 90);
      const finished = random() < 0.5;
      const at = recent(random);
      await progress.add({
        id: recordId(random),
        user,
        story: popular[s]!.storyId,
        paragraph: finished ? paragraphs - 1 : Math.floor(random() * paragraphs),
        paragraphs,
        finished,
        created: at,
        updated: at,
      });
    }
    // Drafts: a new story being written, and for a pool member the newest post being edited.
    const own = step.newestPost.get(member);
    const drafted = [
      { type: 'story', post: '' },
      ...(inPool && own ? [{ type: 'story', post: own.postId }] : []),
    ];
    for (const draft of drafted) {
      const at = recent(random);
      await drafts.add({
        id: recordId(random),
        user,
        ...draft,
        data: {
          title: sentence(random, 4),
          description: sentence(random, 12),
          content: `<p>${sentence(random, 40)}</p>`,
        },
        created: at,
        updated: at,
      });
    }
  }
  await finish('blocks', blocks);
  await finish('follows', follows);
  await finish('read_progress', progress);
  await finish('drafts', drafts);

  // Co-author invitations: each pool member is invited to three popular stories, and invites two
  // members to their own newest post.
  const invitations = writer('post_invitations');
  const invited = new Set<string>();
  const invite = async (story: { postId: string; title: string }, user: number, inviter: number) => {
    const pair = `${story.postId}:${user}`;
    if (user === inviter || invited.has(pair)) return;
    invited.add(pair);
    const at = recent(random);
    await invitations.add({
      id: recordId(random),
      post: story.postId,
      user: memberIds[user],
      inviter: memberIds[inviter],
      status: 'pending',
      title: story.title,
      href: `/posts/${story.postId}`,
      created: at,
      updated: at,
    });
  };
  for (const member of step.pool) {
    for (const s of distinctIndices(random, Math.min(popular.length, 500), INVITATIONS))
      await invite(popular[s]!, member, popular[s]!.author);
    const own = step.newestPost.get(member);
    if (own) for (let n = 0; n < 2; n++) await invite(own, someone(member), member);
  }
  await finish('post_invitations', invitations);

  // Revisions: every popular story was saved a few times by its author.
  const revisions = writer('post_revisions');
  for (const story of popular) {
    for (let r = 0; r < REVISIONS; r++) {
      await revisions.add({
        id: recordId(random),
        post: story.postId,
        story: story.storyId,
        editor: memberIds[story.author],
        title: story.title,
        description: sentence(random, 12),
        labels: [],
        tags: '',
        content: `<p>${sentence(random, 60)}</p>`,
        created: dateString(NOW - (REVISIONS - r) * 7 * DAY - Math.floor(random() * DAY)),
      });
    }
  }
  await finish('post_revisions', revisions);

  // The moderators' trail and chat (member 1 is the moderator, 0 the admin).
  const scaled = (n: number) => Math.max(10, Math.round(n * step.scale));
  const log = writer('moderation_log');
  const actions = ['delete', 'ban', 'unban', 'roles'] as const;
  for (let n = 0; n < scaled(LOG_ENTRIES); n++) {
    const at = lastYear(random);
    const owner = someone(1);
    await log.add({
      id: recordId(random),
      moderator: memberIds[n % 2],
      action: actions[n % actions.length],
      target_collection: 'comments',
      target_id: recordId(random),
      summary: sentence(random, 6),
      owner: memberIds[owner],
      reason: sentence(random, 10),
      created: at,
      updated: at,
    });
  }
  await finish('moderation_log', log);
  const reviews = writer('post_content_actions');
  for (let n = 0; n < scaled(REVIEWS); n++) {
    const story = popular[Math.floor(random() * popular.length)]!;
    const at = lastYear(random);
    const publish = random() < 0.8;
    await reviews.add({
      id: recordId(random),
      user: memberIds[story.author],
      post: story.postId,
      title: story.title,
      resolver: memberIds[n % 2],
      action: publish ? 'publish' : 'reject',
      resolution: publish ? '' : sentence(random, 10),
      created: at,
      updated: at,
    });
  }
  await finish('post_content_actions', reviews);
  const chat = writer('staff_messages');
  for (let n = 0; n < scaled(STAFF_MESSAGES); n++) {
    const at = recent(random);
    await chat.add({
      id: recordId(random),
      author: memberIds[n % 2],
      content: sentence(random, 12),
      created: at,
      updated: at,
    });
  }
  await finish('staff_messages', chat);
  return blockers;
}
