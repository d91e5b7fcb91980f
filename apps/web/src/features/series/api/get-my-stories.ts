import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import type { StoryRecord } from '../../../lib/posts/types';
import { seriesKeys } from './keys';

/** Spec part 1 §9: the member's own lists read up to 1000. */
const MY_STORIES_SIZE = 1000;

/**
 * The member's own stories, published or not ("contributors containing user id", newest first): the
 * ones a series form may add as chapters.
 */
export async function getMyStories(userId: string): Promise<StoryRecord[]> {
  const page = await pb.collection('stories').getList<StoryRecord>(1, MY_STORIES_SIZE, {
    filter: pb.filter('post.contributors.id ?= {:user}', { user: userId }),
    sort: '-created',
    expand: 'post',
  });
  return page.items;
}

export function myStoriesQueryOptions(userId: string) {
  return queryOptions({ queryKey: seriesKeys.myStories(userId), queryFn: () => getMyStories(userId) });
}

export function useMyStories(userId: string) {
  return useQuery(myStoriesQueryOptions(userId));
}
