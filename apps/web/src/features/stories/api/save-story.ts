import type { RecordModel } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { parseTagNames, postForm, reifyTags } from '../../../lib/posts/save-post';
import type { PostRecord } from '../../../lib/posts/types';
import { fromLocalInput } from '../publish-time';
import { givenSizes, type PostSizes } from '../../../lib/posts/sizes';

/** What the story form holds (spec part 1 §2 "story form"). */
export interface StoryValues {
  title: string;
  description: string;
  /** Label ids. */
  labels: string[];
  /** Tag names as comma-separated text. */
  tags: string;
  /** Size metadata (PRODUCT.md §14); each may be left empty. */
  sizes: PostSizes;
  /** Markdown. */
  content: string;
  /** New files to attach. */
  files: File[];
  /** Names of attached files to remove (editing only). */
  removedFiles: string[];
  /** When to publish it, as the form's local `YYYY-MM-DDTHH:mm`; '' to publish on approval. */
  publishAt: string;
}

export interface SaveTarget {
  /** The story being edited; absent for a new story. */
  story?: { id: string; post: PostRecord };
  /** The series a new story joins as its next chapter, if any. */
  series?: string | null;
}

async function createStory(values: StoryValues, tags: string[], userId: string, series?: string | null) {
  const fields = {
    type: 'story',
    title: values.title.trim(),
    description: values.description.trim(),
    contributors: [userId],
    labels: values.labels,
    tags,
    ...(fromLocalInput(values.publishAt) ? { publish_at: fromLocalInput(values.publishAt) } : {}),
    ...givenSizes(values.sizes),
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
    ...values.sizes,
  };
  if (values.removedFiles.length > 0) fields['attachments-'] = values.removedFiles;
  // The publish time moves until the story is out (then the server keeps it as it was).
  if (!story.post.published) fields.publish_at = fromLocalInput(values.publishAt);
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
