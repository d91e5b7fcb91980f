import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { pb } from '../pocketbase';
import { postKeys } from './keys';
import type { PostCache } from './post-cache';
import type { PostRecord } from './types';

/** A member's like or favorite of a post: one record per member and post (the `likes`/`favorites` collections). */
export type Reaction = 'likes' | 'favorites';

/** The post counters the server keeps (PRODUCT.md §2). */
type Counter = 'like_count' | 'favorite_count' | 'view_count' | 'comment_count';

const COUNTER: Record<Reaction, Counter> = {
  likes: 'like_count',
  favorites: 'favorite_count',
};

/** "likes and favorites: list by target" and user: the member's own like or favorite of a post, or null. */
export async function getMyReaction(
  reaction: Reaction,
  postId: string,
  userId: string,
): Promise<RecordModel | null> {
  const found = await pb.collection(reaction).getList(1, 1, {
    filter: pb.filter('target = {:post} && user = {:user}', { post: postId, user: userId }),
    skipTotal: true,
  });
  return found.items[0] ?? null;
}

export function myReactionQueryOptions(reaction: Reaction, postId: string, userId: string) {
  return queryOptions({
    queryKey: postKeys.myReaction(reaction, postId, userId),
    queryFn: () => getMyReaction(reaction, postId, userId),
  });
}

export function useMyReaction(reaction: Reaction, postId: string, userId: string) {
  return useQuery(myReactionQueryOptions(reaction, postId, userId));
}

/** Adds `delta` to one counter of a post, never below zero. */
const adjust = (counter: Counter, delta: number) => (post: PostRecord) => ({
  ...post,
  [counter]: Math.max(0, (post[counter] ?? 0) + delta),
});

/** What a new record carries: favorites also say what kind of post they are of (spec part 1 §3). */
function newReaction(reaction: Reaction, post: PostRecord, userId: string): Record<string, string> {
  const fields = { target: post.id, user: userId };
  return reaction === 'favorites' ? { ...fields, type: post.type } : fields;
}

/**
 * The like and favorite toggles (spec part 1 §4): delete the member's record if there is one, else
 * create it. The button and the count (in `cache`) change at once and go back if the server refuses;
 * the caller shows the refusal (`mutate(existing, { onError })`).
 */
export function useToggleReaction(reaction: Reaction, post: PostRecord, userId: string, cache: PostCache) {
  const queryClient = useQueryClient();
  const mineKey = postKeys.myReaction(reaction, post.id, userId);
  const counter = COUNTER[reaction];
  const moveCount = (delta: number) =>
    queryClient.setQueryData(cache.queryKey, (cached: unknown) =>
      cache.patch(cached, adjust(counter, delta)),
    );

  return useMutation({
    mutationFn: async (existing: RecordModel | null) => {
      if (existing) {
        await pb.collection(reaction).delete(existing.id);
        return null;
      }
      return pb.collection(reaction).create(newReaction(reaction, post, userId));
    },
    onMutate: async (existing) => {
      await queryClient.cancelQueries({ queryKey: mineKey });
      const placeholder = existing ? null : ({ id: '' } as RecordModel);
      queryClient.setQueryData(mineKey, placeholder);
      moveCount(existing ? -1 : 1);
      return { existing };
    },
    onSuccess: (record) => queryClient.setQueryData(mineKey, record),
    onError: (_error, _existing, context) => {
      queryClient.setQueryData(mineKey, context?.existing ?? null);
      moveCount(context?.existing ? 1 : -1);
    },
  });
}
