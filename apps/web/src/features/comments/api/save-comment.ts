import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { type CommentRecord } from './types';
import { commentKeys } from './keys';

/** Spec part 1 §4 and §9: after a save the comment form waits 500 ms before it is ready again. */
export const COMMENT_FORM_DELAY_MS = 500;

export interface CommentDraft {
  target: string;
  author: string;
  content: string;
  /** The comment this one answers; empty for a top-level comment. */
  reply: string;
  files: File[];
  /** Set for a comment that exists already: it is then updated (spec part 1 §4 "Comment save"). */
  id?: string;
  created?: string;
  updated?: string;
}

/**
 * "comments: save multipart (target, author, content, reply, attachments, created, updated)": an update
 * when the comment has a created time, else a create. The server keeps `created` and `updated` itself and
 * ignores what is sent for them. New files of an edited comment are added to the ones it has.
 */
export function saveComment(draft: CommentDraft): Promise<CommentRecord> {
  const body = new FormData();
  body.append('target', draft.target);
  body.append('author', draft.author);
  body.append('content', draft.content);
  body.append('reply', draft.reply);
  body.append('created', draft.created ?? '');
  body.append('updated', draft.updated ?? '');
  const editing = Boolean(draft.created && draft.id);
  for (const file of draft.files) body.append(editing ? 'attachments+' : 'attachments', file);
  return editing
    ? pb.collection('comments').update<CommentRecord>(draft.id!, body)
    : pb.collection('comments').create<CommentRecord>(body);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Saves a comment and reloads the thread; the mutation stays pending for the form's 500 ms pause. */
export function useSaveComment(target: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveComment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commentKeys.list(target) });
      await wait(COMMENT_FORM_DELAY_MS);
    },
  });
}
