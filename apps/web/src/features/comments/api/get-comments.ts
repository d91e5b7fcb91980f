import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { type CommentRecord } from './types';
import { commentKeys } from './keys';

/** Spec part 1 §9: a full list is read in batches of 500. */
const FULL_LIST_BATCH = 500;

/**
 * "comments: by target and type" (spec part 1 §7), oldest first (part 2 §7), each with its author and
 * the author's profile for the display name. The whole thread is read (in the SDK's batches of 500) so
 * replies sit under their comment and a `#comment-{id}` link from a notification always finds its target.
 */
export function getComments(target: string, type: string): Promise<CommentRecord[]> {
  return pb.collection('comments').getFullList<CommentRecord>({
    batch: FULL_LIST_BATCH,
    filter: pb.filter('target = {:target} && target.type = {:type}', { target, type }),
    sort: 'created',
    expand: 'author,author.profile',
  });
}

export function commentsQueryOptions(target: string, type: string) {
  return queryOptions({ queryKey: commentKeys.list(target), queryFn: () => getComments(target, type) });
}

export function useComments(target: string, type: string) {
  return useQuery(commentsQueryOptions(target, type));
}
