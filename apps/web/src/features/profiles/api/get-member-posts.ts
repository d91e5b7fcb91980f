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
 * first: the published work a profile lists. "Containing" is asked of the post's own list of ids
 * (`contributors:each ?=`), which the server answers from the contributors' relation index. Two other
 * spellings fail here: `contributors.id ?=` enters the members' collection, whose list rule shows a
 * member only themself, so another member's profile would list nothing; `contributors ~` matches the
 * id as text inside the stored list and reads every published post.
 */
export function getMemberPosts(
  kind: MemberPostKind,
  userId: string,
  page: number,
): Promise<ListResult<PostHolderRecord>> {
  return pb.collection(kind).getList<PostHolderRecord>(page, MEMBER_POSTS_PAGE_SIZE, {
    filter: pb.filter("post.published != '' && post.contributors:each ?= {:user}", { user: userId }),
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
