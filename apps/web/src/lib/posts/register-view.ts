import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { pb } from '../pocketbase';
import type { PostCache } from './post-cache';

/**
 * "views: first by post and user, create" (spec part 1 §4 and §7): a view is registered once per
 * member and post. Returns whether this call registered it, i.e. whether the count went up.
 */
export async function registerView(postId: string, userId: string): Promise<boolean> {
  const seen = await pb.collection('views').getList(1, 1, {
    filter: pb.filter('post = {:post} && user = {:user}', { post: postId, user: userId }),
    skipTotal: true,
  });
  if (seen.items.length > 0) return false;
  await pb.collection('views').create({ post: postId, user: userId });
  return true;
}

/**
 * Registers the member's view of a post once per page load (spec part 1 §4); the count in `cache` goes
 * up only when this load was the member's first view. Pass a `cache` that keeps its identity between
 * renders (`useMemo`). A failure here is no reason to bother the reader.
 */
export function useRegisterView(postId: string | undefined, userId: string | undefined, cache: PostCache) {
  const queryClient = useQueryClient();
  const registered = useRef<string | null>(null);
  useEffect(() => {
    if (!postId || !userId || registered.current === postId) return;
    registered.current = postId;
    registerView(postId, userId)
      .then((counted) => {
        if (!counted) return;
        queryClient.setQueryData(cache.queryKey, (cached: unknown) =>
          cache.patch(cached, (post) => ({ ...post, view_count: (post.view_count ?? 0) + 1 })),
        );
      })
      .catch((error: unknown) => console.warn('The view could not be registered:', error));
  }, [queryClient, postId, userId, cache]);
}
