/**
 * A new chapter in a series tells the members who favorited or follow the series (PRODUCT.md §5, §14). A chapter is
 * "new" to readers when it becomes visible: its post is published while it belongs to a series, or a
 * published story joins a series. Nothing is said while either the chapter or the series is
 * unpublished, so nobody hears about something they cannot open.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { loadPost } from './links';
import { announceToAuthorFollowers, seriesFollowers } from './follows';
import { notifyFolded } from './notify';
import { idList } from './series-chapters';
import { text } from './values';

/**
 * Tells the series' favoriters and followers of a newly visible chapter, once each; several chapters
 * arriving before they look fold into one unread notice ("3 new chapters in …"), like likes. Returns
 * who was told, so the authors' followers among them are not told again.
 */
async function announceChapter(core: Core, event: RecordEvent, storyId: string): Promise<Set<string>> {
  const told = new Set<string>();
  const story = (
    await sql<{
      post: string;
      series: string | null;
    }>`SELECT post, series FROM stories WHERE id = ${storyId}`.execute(event.db)
  ).rows[0];
  const seriesId = text(story?.series);
  if (!story || !seriesId) return told;
  const chapter = await loadPost(event.db, story.post);
  if (!chapter?.published) return told;
  const seriesRow = (
    await sql<{
      post: string;
      stories: unknown;
    }>`SELECT post, stories FROM series WHERE id = ${seriesId}`.execute(event.db)
  ).rows[0];
  // Only a story in the series' list is one of its chapters (a removed one keeps no claim on it).
  if (!seriesRow || !idList(seriesRow.stories).includes(storyId)) return told;
  const seriesPost = await loadPost(event.db, seriesRow.post);
  if (!seriesPost?.published) return told;
  const favoriters = await sql<{
    user: string;
  }>`SELECT DISTINCT "user" AS "user" FROM favorites WHERE target = ${seriesPost.id}`.execute(event.db);
  const readers = new Set([
    ...favoriters.rows.map((row) => row.user),
    ...(await seriesFollowers(event, seriesId)),
  ]);
  const authors = new Set(chapter.contributors);
  for (const user of readers) {
    if (authors.has(user)) continue;
    told.add(user);
    await notifyFolded(
      core,
      event,
      {
        user,
        icon: 'book',
        content: '',
        href: `/stories/${storyId}`,
        foldKey: `chapters:${seriesId}`,
        about: chapter.contributors,
      },
      (count) =>
        count === 1
          ? `New chapter in "${seriesPost.title}": "${chapter.title}"`
          : `${count} new chapters in "${seriesPost.title}"`,
    );
  }
  return told;
}

export function registerChapters(core: Core): void {
  // A story's post is published (by a moderator's decision, or directly by a moderator).
  core.hooks.on(
    'afterUpdate',
    async (event) => {
      if (text(event.previous?.published) || !text(event.record.published)) return;
      const stories = await sql<{
        id: string;
      }>`SELECT id FROM stories WHERE post = ${text(event.record.id)}`.execute(event.db);
      for (const { id } of stories.rows) {
        const told = await announceChapter(core, event, id);
        // New work by an author one follows; told once even when it is also a followed chapter.
        const post = await loadPost(event.db, text(event.record.id));
        if (post) await announceToAuthorFollowers(core, event, post, told);
      }
    },
    'posts',
  );
  // A story is written into a series after its post was published, or moved into one.
  // A story written onto a post that was published when it was made (a moderator's own) is new work too.
  core.hooks.on(
    'afterCreate',
    async (event) => {
      const told = await announceChapter(core, event, text(event.record.id));
      const post = await loadPost(event.db, text(event.record.post));
      if (post?.published && post.type === 'story') await announceToAuthorFollowers(core, event, post, told);
    },
    'stories',
  );
  core.hooks.on(
    'afterUpdate',
    async (event) => {
      if (text(event.record.series) && text(event.record.series) !== text(event.previous?.series))
        await announceChapter(core, event, text(event.record.id));
    },
    'stories',
  );
}
