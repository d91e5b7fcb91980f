/**
 * A series' chapters are its `stories` list (PRODUCT.md §4); each chapter's `series` field points back at
 * it, which is how a story page finds its previous and next chapter. This keeps the two in step when a
 * contributor saves the series form (spec part 1 §2: chapters in order, reorder, remove):
 * - a story joins the list only when the caller is one of its contributors (nobody turns another member's
 *   story into their chapter) and it is not a chapter of another series already;
 * - a story that joins gets `series` set to this series; one that leaves the list gets it cleared, so it
 *   stops being a chapter everywhere (no previous/next, no "new chapter" notices for it).
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import type { AnyKysely } from '../db/types';
import { ApiError } from '../tools/api-error';
import { loadPost } from './links';
import { text } from './values';

/** A relation list as stored or sent: an array, one id, or JSON text. */
export function idList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string' && value.startsWith('[')) return idList(JSON.parse(value) as unknown);
  return typeof value === 'string' && value ? [value] : [];
}

async function loadStory(db: AnyKysely, id: string) {
  return (
    await sql<{
      id: string;
      post: string;
      series: string | null;
    }>`SELECT id, post, series FROM stories WHERE id = ${id}`.execute(db)
  ).rows[0];
}

function refuse(event: RecordEvent, message: string, code: string): never {
  throw new ApiError(400, event.previous ? 'Failed to update record.' : 'Failed to create record.', {
    stories: { code, message },
  });
}

async function checkNewChapters(event: RecordEvent): Promise<void> {
  const before = new Set(idList(event.previous?.stories));
  const added = idList(event.record.stories).filter((id) => !before.has(id));
  if (added.length === 0 || event.request.auth?.isSuperuser) return;
  const caller = text(event.request.auth?.record.id);
  const seriesId = text(event.record.id);
  for (const id of added) {
    const story = await loadStory(event.db, id);
    // An unknown id is the relation field's own validation error.
    if (!story) continue;
    const owner = text(story.series);
    if (owner && owner !== seriesId) {
      refuse(event, 'That story is already a chapter of another series.', 'validation_chapter_elsewhere');
    }
    const post = await loadPost(event.db, story.post);
    if (!post?.contributors.includes(caller)) {
      refuse(event, "Only a story's contributors may add it to a series.", 'validation_not_your_story');
    }
  }
}

async function pointChaptersHere(core: Core, event: RecordEvent): Promise<void> {
  const seriesId = text(event.record.id);
  const now = idList(event.record.stories);
  const before = idList(event.previous?.stories);
  const stories = core.registry.find('stories')!;
  const system = systemRequest(core.registry.find('_superusers')!);
  for (const id of now) {
    const story = await loadStory(event.db, id);
    if (story && text(story.series) !== seriesId) {
      await updateRecord(core.records, stories, id, { series: seriesId }, system, event.scope);
    }
  }
  for (const id of before.filter((old) => !now.includes(old))) {
    const story = await loadStory(event.db, id);
    if (story && text(story.series) === seriesId) {
      await updateRecord(core.records, stories, id, { series: '' }, system, event.scope);
    }
  }
}

export function registerSeriesChapters(core: Core): void {
  core.hooks.on('beforeCreate', checkNewChapters, 'series');
  core.hooks.on('beforeUpdate', checkNewChapters, 'series');
  core.hooks.on('afterCreate', (event) => pointChaptersHere(core, event), 'series');
  core.hooks.on('afterUpdate', (event) => pointChaptersHere(core, event), 'series');
}
