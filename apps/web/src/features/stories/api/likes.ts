import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { likeKeys, storyKeys } from './keys';
import type { StoryRecord } from './types';

/** "likes: list by target" and user: the member's own like of a post, or null. */
export async function getMyLike(postId: string, userId: string): Promise<RecordModel | null> {
  const found = await pb.collection('likes').getList(1, 1, {
    filter: pb.filter('target = {:post} && user = {:user}', { post: postId, user: userId }),
    skipTotal: true,
  });
  return found.items[0] ?? null;
}

export function myLikeQueryOptions(postId: string, userId: string) {
  return queryOptions({ queryKey: likeKeys.mine(postId, userId), queryFn: () => getMyLike(postId, userId) });
}

export function useMyLike(postId: string, userId: string) {
  return useQuery(myLikeQueryOptions(postId, userId));
}

/** Adds `delta` to the like count of the story's post in the cache. */
function adjustLikeCount(story: StoryRecord | undefined, delta: number): StoryRecord | undefined {
  const post = story?.expand?.post;
  if (!story || !post) return story;
  const count = Math.max(0, (post.like_count ?? 0) + delta);
  return { ...story, expand: { ...story.expand, post: { ...post, like_count: count } } };
}

/**
 * The like toggle (spec part 1 §4): delete the member's like if there is one, else create it. The
 * button and the count change at once and go back if the server refuses.
 */
export function useToggleLike(storyId: string, postId: string, userId: string) {
  const queryClient = useQueryClient();
  const mineKey = likeKeys.mine(postId, userId);
  const storyKey = storyKeys.detail(storyId);

  return useMutation({
    mutationFn: async (existing: RecordModel | null) => {
      if (existing) {
        await pb.collection('likes').delete(existing.id);
        return null;
      }
      return pb.collection('likes').create({ target: postId, user: userId });
    },
    onMutate: async (existing) => {
      await queryClient.cancelQueries({ queryKey: mineKey });
      const placeholder = existing ? null : ({ id: '' } as RecordModel);
      queryClient.setQueryData(mineKey, placeholder);
      queryClient.setQueryData<StoryRecord>(storyKey, (story) => adjustLikeCount(story, existing ? -1 : 1));
      return { existing };
    },
    onSuccess: (like) => queryClient.setQueryData(mineKey, like),
    onError: (error, _existing, context) => {
      queryClient.setQueryData(mineKey, context?.existing ?? null);
      queryClient.setQueryData<StoryRecord>(storyKey, (story) =>
        adjustLikeCount(story, context?.existing ? 1 : -1),
      );
      flashError(error);
    },
  });
}
