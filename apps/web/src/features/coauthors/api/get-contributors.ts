import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { coauthorKeys } from './keys';
import type { CoauthoredPost } from './types';

/** A post's contributors with their names, in order (the first is the first author). */
export function getContributors(postId: string): Promise<CoauthoredPost> {
  return pb.collection('posts').getOne<CoauthoredPost>(postId, { expand: 'contributors.profile' });
}

/**
 * `initial` is the post as the page already holds it (with its contributors expanded): the panel starts
 * from it rather than asking again, and reads the post afresh after a change.
 */
export function contributorsQueryOptions(postId: string, initial?: CoauthoredPost) {
  return queryOptions({
    queryKey: coauthorKeys.contributors(postId),
    queryFn: () => getContributors(postId),
    initialData: initial,
    initialDataUpdatedAt: initial ? () => Date.now() : undefined,
  });
}

export function useContributors(postId: string, initial?: CoauthoredPost) {
  return useQuery(contributorsQueryOptions(postId, initial));
}
