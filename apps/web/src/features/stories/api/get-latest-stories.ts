import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { mutedQuery, type HiddenCount, type MutedMode } from '../../../lib/mutes/types';
import type { StoryRecord } from '../../../lib/posts/types';
import { storyKeys } from './keys';
import { PUBLISHED, STORY_EXPAND } from './story-lists';

/** The home page shows the newest few published stories. */
export const LATEST_STORIES_COUNT = 5;

/** The newest published stories, without the member's muted tags and labels unless `muted` is `show`. */
export function getLatestStories(muted: MutedMode): Promise<ListResult<StoryRecord> & HiddenCount> {
  return pb.collection('stories').getList<StoryRecord>(1, LATEST_STORIES_COUNT, {
    filter: PUBLISHED,
    sort: '-created',
    expand: STORY_EXPAND,
    ...mutedQuery(muted),
  });
}

export function latestStoriesQueryOptions(muted: MutedMode) {
  return queryOptions({ queryKey: storyKeys.latest(muted), queryFn: () => getLatestStories(muted) });
}

export function useLatestStories(muted: MutedMode) {
  return useQuery(latestStoriesQueryOptions(muted));
}
