import type { RecordModel } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import type { TagRecord } from './types';

/** Spec part 2 §9: the tag list is read up to 1000 at once. */
export const TAG_LIST_SIZE = 1000;

/** Comma-separated tag text to names: trimmed, empty entries skipped, each name once (spec part 1 §5). */
export function parseTagNames(text: string): string[] {
  const names = new Map<string, string>();
  for (const part of text.split(',')) {
    const name = part.trim();
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

/** "tags: reify from names": the ids of the named tags, creating those that do not exist yet. */
export async function reifyTags(names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const known = await pb.collection('tags').getList<TagRecord>(1, TAG_LIST_SIZE, { sort: 'name' });
  // Tag names are unique regardless of case on the server, so they are matched that way here too.
  const byName = new Map(known.items.map((tag) => [tag.name.toLowerCase(), tag.id]));
  const ids: string[] = [];
  for (const name of names) {
    const id = byName.get(name.toLowerCase()) ?? (await pb.collection('tags').create<TagRecord>({ name })).id;
    ids.push(id);
  }
  return ids;
}

export interface StorySubmission {
  title: string;
  description: string;
  tags: string;
  content: string;
  /** The series the story joins as its next chapter, if any. */
  series?: string | null;
}

/**
 * Creates a story: its tags, its post (type story, the member as contributor; the server submits it
 * for review), the story with the markdown content, and when asked its place in a series. A post left
 * without its story by a failure is removed again. Returns the new story's id.
 */
export async function submitStory(submission: StorySubmission, userId: string): Promise<string> {
  const tags = await reifyTags(parseTagNames(submission.tags));
  const post = await pb.collection('posts').create<RecordModel>({
    type: 'story',
    title: submission.title.trim(),
    description: submission.description.trim(),
    contributors: [userId],
    tags,
  });
  let storyId: string;
  try {
    const story = await pb.collection('stories').create<RecordModel>({
      post: post.id,
      content: submission.content,
      ...(submission.series ? { series: submission.series } : {}),
    });
    storyId = story.id;
  } catch (error) {
    await pb
      .collection('posts')
      .delete(post.id)
      .catch(() => undefined);
    throw error;
  }
  if (submission.series) await pb.collection('series').update(submission.series, { 'stories+': storyId });
  return storyId;
}
