import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import type { PostHolderRecord } from '../../../lib/posts/types';
import { profileKeys } from './keys';

/** Spec part 1 §7 "by author default 10 per page". */
export const MEMBER_POSTS_PAGE_SIZE = 10;

export type MemberPostKind = 'stories' | 'series';

/**
 * "stories and series: list by filter (published not empty, contributors containing user id)", newest
 * first: the published work a profile lists.
 */
export function getMemberPosts(
  kind: MemberPostKind,
  userId: string,
  page: number,
): Promise<ListResult<PostHolderRecord>> {
  return pb.collection(kind).getList<PostHolderRecord>(page, MEMBER_POSTS_PAGE_SIZE, {
    filter: pb.filter("post.published != '' && post.contributors ~ {:user}", { user: userId }),
    sort: '-created',
    expand: 'post',
  });
}

export function memberPostsQueryOptions(kind: MemberPostKind, userId: string, page: number) {
  return queryOptions({
    queryKey: profileKeys.memberPosts(kind, userId, page),
    queryFn: () => getMemberPosts(kind, userId, page),
    placeholderData: keepPreviousData,
  });
}

export function useMemberPosts(kind: MemberPostKind, userId: string, page: number) {
  return useQuery(memberPostsQueryOptions(kind, userId, page));
}
