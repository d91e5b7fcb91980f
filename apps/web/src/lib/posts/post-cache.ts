import type { QueryKey } from '@tanstack/react-query';
import type { PostHolderRecord, PostRecord } from './types';

/**
 * Where a screen keeps a post in the query cache, so a like or favorite can move its counters at once:
 * a story or series page caches the holder with the post expanded, a forum thread the post itself.
 */
export interface PostCache {
  queryKey: QueryKey;
  /** The cached value with `change` applied to its post (unchanged when the post is not there). */
  patch(cached: unknown, change: (post: PostRecord) => PostRecord): unknown;
}

/** A cached story, series or forum post record whose `expand.post` is the post. */
export function expandedPostCache(queryKey: QueryKey): PostCache {
  return {
    queryKey,
    patch(cached, change) {
      const holder = cached as PostHolderRecord | undefined;
      const post = holder?.expand?.post;
      if (!holder || !post) return cached;
      return { ...holder, expand: { ...holder.expand, post: change(post) } };
    },
  };
}

/** A cached post record itself. */
export function ownPostCache(queryKey: QueryKey): PostCache {
  return {
    queryKey,
    patch: (cached, change) => (cached ? change(cached as PostRecord) : cached),
  };
}
