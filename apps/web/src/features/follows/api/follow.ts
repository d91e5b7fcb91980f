import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { flashError } from '../../../components/flash';
import { isNotFoundError } from '../../../lib/errors';
import { pb } from '../../../lib/pocketbase';
import { followKeys } from './keys';

export type FollowKind = 'author' | 'series';

/** The member's follow of this author or series, or null. */
export async function getFollow(userId: string, kind: FollowKind, id: string): Promise<RecordModel | null> {
  try {
    return await pb
      .collection('follows')
      .getFirstListItem(pb.filter(`user = {:user} && ${kind} = {:id}`, { user: userId, id }));
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export function followQueryOptions(userId: string, kind: FollowKind, id: string) {
  return queryOptions({
    queryKey: followKeys.one(userId, kind, id),
    queryFn: () => getFollow(userId, kind, id),
  });
}

export function useFollow(userId: string, kind: FollowKind, id: string) {
  return useQuery(followQueryOptions(userId, kind, id));
}

/** Follow when not following, unfollow when following (the record is created or deleted). */
export function useToggleFollow(userId: string, kind: FollowKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (existing: RecordModel | null) => {
      if (existing) {
        await pb.collection('follows').delete(existing.id);
        return null;
      }
      return pb.collection('follows').create({ user: userId, [kind]: id });
    },
    onError: flashError,
    onSuccess: (saved) => queryClient.setQueryData(followKeys.one(userId, kind, id), saved),
  });
}
