/**
 * Likes, favorites, views and comments keep their post's counters current in the same transaction,
 * and tell the post's contributors (likes and favorites folded per post).
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { inWrite } from '../core/records/remembered-exists';
import { rawWrite } from '../core/records/scope';
import { rememberedPost } from './links';
import { membersToTellOfMentions } from './mentions';
import { notify, notifyFolded } from './notify';
import { text } from './values';

type Counter = 'like_count' | 'favorite_count' | 'view_count' | 'comment_count';

async function adjust(event: RecordEvent, postId: string, counter: Counter, delta: 1 | -1): Promise<void> {
  const column = sql.ref(counter);
  const value = delta > 0 ? sql`${column} + 1` : sql`CASE WHEN ${column} > 0 THEN ${column} - 1 ELSE 0 END`;
  await rawWrite(
    event.scope,
    { columns: 'posts', fields: [counter] },
    sql`UPDATE posts SET ${column} = ${value} WHERE id = ${postId}`,
  );
}

function counted(core: Core, collection: string, postField: string, counter: Counter): void {
  core.hooks.on('afterCreate', (e) => adjust(e, String(e.record[postField]), counter, 1), collection);
  core.hooks.on('afterDelete', (e) => adjust(e, String(e.record[postField]), counter, -1), collection);
}

function reactionNotice(core: Core, collection: 'likes' | 'favorites', icon: string, verb: string): void {
  core.hooks.on(
    'afterCreate',
    async (event) => {
      const post = await rememberedPost(inWrite(core.records, event.scope), String(event.record.target));
      if (!post) return;
      const href = post.href;
      for (const user of post.contributors) {
        await notifyFolded(
          core,
          event,
          { user, icon, href, content: '', foldKey: `${collection}:${post.id}` },
          (n) => (n === 1 ? `A member ${verb} "${post.title}"` : `${n} members ${verb} "${post.title}"`),
        );
      }
    },
    collection,
  );
}

/** Members a comment mentions, told once each; `told` are those this write told already. */
async function mentionNotices(core: Core, event: RecordEvent, told: ReadonlySet<string> = new Set()) {
  const post = await rememberedPost(inWrite(core.records, event.scope), String(event.record.target));
  if (!post) return;
  const href = `${post.href}#comment-${String(event.record.id)}`;
  for (const user of await membersToTellOfMentions(core, event, post.id, told))
    await notify(core, event, {
      user,
      icon: 'mention',
      href,
      content: `You were mentioned in a comment on "${post.title}"`,
    });
}

async function commentNotices(core: Core, event: RecordEvent): Promise<void> {
  const post = await rememberedPost(inWrite(core.records, event.scope), String(event.record.target));
  if (!post) return;
  const href = `${post.href}#comment-${String(event.record.id)}`;
  const told = new Set<string>();
  for (const user of post.contributors) {
    told.add(user);
    await notify(core, event, { user, icon: 'comment', href, content: `New comment on "${post.title}"` });
  }
  const replyTo = text(event.record.reply);
  if (replyTo) {
    const parent = (
      await sql<{ author: string }>`SELECT author FROM comments WHERE id = ${replyTo}`.execute(event.db)
    ).rows[0];
    if (parent && !told.has(parent.author)) {
      await notify(core, event, {
        user: parent.author,
        icon: 'reply',
        href,
        content: `New reply to your comment on "${post.title}"`,
      });
      told.add(parent.author);
    }
  }
  // One notice per member: a mentioned author or parent was told above.
  await mentionNotices(core, event, told);
}

export function registerEngagement(core: Core): void {
  counted(core, 'likes', 'target', 'like_count');
  counted(core, 'favorites', 'target', 'favorite_count');
  counted(core, 'views', 'post', 'view_count');
  counted(core, 'comments', 'target', 'comment_count');
  reactionNotice(core, 'likes', 'heart', 'liked');
  reactionNotice(core, 'favorites', 'star', 'favorited');
  core.hooks.on('afterCreate', (event) => commentNotices(core, event), 'comments');
  core.hooks.on('afterUpdate', (event) => mentionNotices(core, event), 'comments');
}
