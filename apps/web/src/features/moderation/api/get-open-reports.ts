import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { ADMIN_COUNTS } from './get-admin-counts';
import { reportQueueKeys } from './keys';
import type { ReportRecord } from './report-types';

/** Where each post kind is shown: the story, series or forum thread backing it. */
const PAGES = (post: string) =>
  [`${post}.stories_via_post`, `${post}.series_via_post`, `${post}.forum_posts_via_post`].join(',');

/**
 * "related records expanded" (spec part 2 §7): the reporter, and the reported item with its author and
 * where it is shown, so a moderator judges it in place.
 */
export const REPORT_EXPAND = [
  'user',
  'user.profile',
  'post',
  'post.contributors',
  'post.contributors.profile',
  PAGES('post'),
  'comment',
  'comment.author',
  'comment.author.profile',
  'comment.target',
  PAGES('comment.target'),
  'profile',
  'profile.user',
  'message',
  'message.from',
  'message.from.profile',
].join(',');

/** "reports: list unresolved (resolver empty, sort created ascending ...)" (spec part 2 §7). */
export function getOpenReports(page: number, pageSize: number): Promise<ListResult<ReportRecord>> {
  return pb.collection('reports').getList<ReportRecord>(page, pageSize, {
    filter: ADMIN_COUNTS.openReports.filter,
    sort: 'created',
    expand: REPORT_EXPAND,
  });
}

export function openReportsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: reportQueueKeys.page(page, pageSize),
    queryFn: () => getOpenReports(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useOpenReports(page: number, pageSize: number) {
  return useQuery(openReportsQueryOptions(page, pageSize));
}
