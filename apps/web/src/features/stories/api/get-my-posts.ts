import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { STORY_EXPAND } from './story-lists';
import { storyKeys } from './keys';
import type { SeriesRecord, StoryRecord } from '../../../lib/posts/types';

/** Spec part 1 §9: the manage lists read up to 1000 each. */
export const MANAGE_LIST_SIZE = 1000;

/** The four sections of /stories/manage, in the spec's order, each with its id for the remembered state. */
export const MANAGE_SECTIONS = [
  { id: 'pending-series', title: 'Pending Series', collection: 'series', published: false },
  { id: 'pending-stories', title: 'Pending Stories', collection: 'stories', published: false },
  { id: 'published-series', title: 'Published Series', collection: 'series', published: true },
  { id: 'published-stories', title: 'Published Stories', collection: 'stories', published: true },
] as const;

export type ManageSection = (typeof MANAGE_SECTIONS)[number];
export type ManagedRecord = StoryRecord | SeriesRecord;

/**
 * "stories and series: list by filter (contributors containing user id), sorted -created": the member's
 * own, published or not. "Not published" includes drafts a moderator sent back, so they can be fixed.
 */
export function getMyPosts(section: ManageSection, userId: string): Promise<ListResult<ManagedRecord>> {
  const state = section.published ? "post.published != ''" : "post.published = ''";
  return pb.collection(section.collection).getList<ManagedRecord>(1, MANAGE_LIST_SIZE, {
    filter: `${pb.filter('post.contributors.id ?= {:user}', { user: userId })} && ${state}`,
    sort: '-created',
    expand: STORY_EXPAND,
  });
}

export function myPostsQueryOptions(section: ManageSection, userId: string) {
  return queryOptions({
    queryKey: [...storyKeys.mine(userId), section.id],
    queryFn: () => getMyPosts(section, userId),
  });
}

export function useMyPosts(section: ManageSection, userId: string) {
  return useQuery(myPostsQueryOptions(section, userId));
}
