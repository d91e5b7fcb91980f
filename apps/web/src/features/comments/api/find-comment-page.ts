import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { COMMENTS_PAGE_SIZE } from './get-comments';
import { commentKeys } from './keys';
import type { CommentRecord } from './types';

/**
 * The page of a post's thread that holds a comment: notifications link to `#comment-{id}` without a
 * page. A reply sits on its top-level comment's page, which is 1 + the top-level comments before that
 * one, 20 to a page. A comment that is gone (deleted since) leads to the first page.
 */
export async function findCommentPage(target: string, commentId: string): Promise<number> {
  let top: Pick<CommentRecord, 'id' | 'created'>;
  try {
    const linked = await pb
      .collection('comments')
      .getOne<CommentRecord>(commentId, { fields: 'id,target,root,created' });
    if (linked.target !== target) return 1;
    top = linked.root
      ? await pb.collection('comments').getOne<CommentRecord>(linked.root, { fields: 'id,created' })
      : linked;
  } catch {
    return 1;
  }
  const before = await pb.collection('comments').getList(1, 1, {
    filter: pb.filter(
      'target = {:target} && reply = "" && (created < {:created} || (created = {:created} && id < {:id}))',
      { target, created: top.created, id: top.id },
    ),
    fields: 'id',
  });
  return Math.floor(before.totalItems / COMMENTS_PAGE_SIZE) + 1;
}

export function commentPageOfQueryOptions(target: string, commentId: string) {
  return queryOptions({
    queryKey: commentKeys.pageOf(target, commentId),
    queryFn: () => findCommentPage(target, commentId),
    staleTime: Infinity,
  });
}

/** Looks the page up only when `commentId` is set (a `#comment-{id}` link with no page asked for). */
export function useCommentPageOf(target: string, commentId: string) {
  return useQuery({ ...commentPageOfQueryOptions(target, commentId), enabled: commentId !== '' });
}
