import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { STORY_EXPAND } from './story-lists';
import { storyKeys } from './keys';
import type { StoryRecord } from '../../../lib/posts/types';

export function getStory(id: string): Promise<StoryRecord> {
  return pb.collection('stories').getOne<StoryRecord>(id, { expand: STORY_EXPAND });
}

export function storyQueryOptions(id: string) {
  return queryOptions({ queryKey: storyKeys.detail(id), queryFn: () => getStory(id) });
}

export function useStory(id: string) {
  return useQuery(storyQueryOptions(id));
}
