import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { useNavigate } from 'react-router';
import { flash } from '../../../components/flash';
import { ERROR_TEXTS, errorMessages } from '../../../lib/errors';
import { pb } from '../../../lib/pocketbase';
import { postForm } from '../../../lib/posts/save-post';
import { threadPath, type ThreadRecord } from './forum-lists';
import { forumKeys } from './keys';

export const SUBMIT_FAILED_TEXT = 'Something went wrong while submitting your post. Please try again later.';

/** What the thread form holds (spec part 1 §2: title, content, attachments). */
export interface ThreadValues {
  title: string;
  /** Markdown. */
  content: string;
  /** New files to attach. */
  files: File[];
  /** Names of attached files to remove (editing only). */
  removedFiles: string[];
}

async function createThread(values: ThreadValues, forumId: string, userId: string): Promise<string> {
  const fields = { type: 'forum-post', title: values.title.trim(), contributors: [userId] };
  // Forum posts publish at once (PRODUCT.md §4): the server sets `published`.
  const post = await pb.collection('posts').create<RecordModel>(postForm(fields, values.files, false));
  try {
    const thread = await pb
      .collection('forum_posts')
      .create<RecordModel>({ post: post.id, forum: forumId, content: values.content });
    return thread.id;
  } catch (error) {
    // A post without its thread would be an orphan nobody can reach: take it back.
    await pb
      .collection('posts')
      .delete(post.id)
      .catch(() => undefined);
    throw error;
  }
}

async function updateThread(values: ThreadValues, thread: ThreadRecord): Promise<string> {
  const fields: Record<string, unknown> = { title: values.title.trim() };
  if (values.removedFiles.length > 0) fields['attachments-'] = values.removedFiles;
  await pb.collection('posts').update(thread.post, postForm(fields, values.files, true));
  await pb.collection('forum_posts').update(thread.id, { content: values.content });
  return thread.id;
}

/**
 * Saves the thread form: a post that has a created date is updated, else created (spec part 1 §4
 * "Post save"). Returns the thread's id.
 */
export function saveThread(
  values: ThreadValues,
  forumId: string,
  userId: string,
  editing?: ThreadRecord,
): Promise<string> {
  return editing?.created ? updateThread(values, editing) : createThread(values, forumId, userId);
}

/** The spec's submit failure text (part 1 §8), followed by whatever specific reasons the server gave. */
export function flashSubmitFailure(error: unknown) {
  flash.error(SUBMIT_FAILED_TEXT);
  for (const text of errorMessages(error)) if (text !== ERROR_TEXTS.fallback) flash.error(text);
}

/** Saves the form and opens the saved thread. */
export function useSaveThread(forumId: string, userId: string, editing?: ThreadRecord) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ThreadValues) => saveThread(values, forumId, userId, editing),
    onError: flashSubmitFailure,
    onSuccess: async (threadId) => {
      await queryClient.invalidateQueries({ queryKey: forumKeys.all });
      void navigate(threadPath(editing?.forum ?? forumId, threadId));
    },
  });
}
