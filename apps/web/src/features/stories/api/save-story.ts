import type { RecordModel } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { TAXONOMY_LIST_SIZE } from './get-taxonomy';
import type { PostRecord, TagRecord } from './types';

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
  const known = await pb.collection('tags').getList<TagRecord>(1, TAXONOMY_LIST_SIZE, { sort: 'name' });
  // Tag names are unique regardless of case on the server, so they are matched that way here too.
  const byName = new Map(known.items.map((tag) => [tag.name.toLowerCase(), tag.id]));
  const ids: string[] = [];
  for (const name of names) {
    const id = byName.get(name.toLowerCase()) ?? (await pb.collection('tags').create<TagRecord>({ name })).id;
    ids.push(id);
  }
  return ids;
}

/** What the story form holds (spec part 1 §2 "story form"). */
export interface StoryValues {
  title: string;
  description: string;
  /** Label ids. */
  labels: string[];
  /** Tag names as comma-separated text. */
  tags: string;
  /** Markdown. */
  content: string;
  /** New files to attach. */
  files: File[];
  /** Names of attached files to remove (editing only). */
  removedFiles: string[];
}

export interface SaveTarget {
  /** The story being edited; absent for a new story. */
  story?: { id: string; post: PostRecord };
  /** The series a new story joins as its next chapter, if any. */
  series?: string | null;
}

/**
 * "posts: create or update with form data": the fields as one JSON part, and the files as file parts
 * (added with `attachments+` and removed with `attachments-` when editing).
 */
export function postForm(fields: Record<string, unknown>, files: File[], editing: boolean): FormData {
  const form = new FormData();
  form.append('@jsonPayload', JSON.stringify(fields));
  for (const file of files) form.append(editing ? 'attachments+' : 'attachments', file);
  return form;
}

async function createStory(values: StoryValues, tags: string[], userId: string, series?: string | null) {
  const fields = {
    type: 'story',
    title: values.title.trim(),
    description: values.description.trim(),
    contributors: [userId],
    labels: values.labels,
    tags,
  };
  // The server submits the new post for review (PRODUCT.md §4).
  const post = await pb.collection('posts').create<RecordModel>(postForm(fields, values.files, false));
  let storyId: string;
  try {
    const story = await pb.collection('stories').create<RecordModel>({
      post: post.id,
      content: values.content,
      ...(series ? { series } : {}),
    });
    storyId = story.id;
  } catch (error) {
    // A post left without its story would sit in the queue with nothing to read: remove it again.
    await pb
      .collection('posts')
      .delete(post.id)
      .catch(() => undefined);
    throw error;
  }
  if (series) await pb.collection('series').update(series, { 'stories+': storyId });
  return storyId;
}

async function updateStory(values: StoryValues, tags: string[], story: { id: string; post: PostRecord }) {
  const fields: Record<string, unknown> = {
    title: values.title.trim(),
    description: values.description.trim(),
    labels: values.labels,
    tags,
  };
  if (values.removedFiles.length > 0) fields['attachments-'] = values.removedFiles;
  await pb.collection('posts').update(story.post.id, postForm(fields, values.files, true));
  await pb.collection('stories').update(story.id, { content: values.content });
  return story.id;
}

/**
 * Saves the story form: its tags first (unknown ones are created), then the post and the story. A post
 * that has a created date is updated, else created (spec part 1 §4 "Post save"). Returns the story id.
 */
export async function saveStory(
  values: StoryValues,
  userId: string,
  target: SaveTarget = {},
): Promise<string> {
  const tags = await reifyTags(parseTagNames(values.tags));
  return target.story?.post.created
    ? updateStory(values, tags, target.story)
    : createStory(values, tags, userId, target.series);
}
