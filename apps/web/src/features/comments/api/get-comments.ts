import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { type CommentRecord } from './types';
import { commentKeys } from './keys';

/** Spec part 1 §9: the product's default page size; a page holds this many top-level comments. */
export const COMMENTS_PAGE_SIZE = 20;
/** Spec part 1 §9: a full list is read in batches of 500. */
const FULL_LIST_BATCH = 500;
/** Each comment comes with its author and the author's profile, for the display name. */
const COMMENT_EXPAND = 'author,author.profile';

export interface CommentPage {
  page: number;
  totalPages: number;
  /** The page's top-level comments, oldest first, then every reply under them, oldest first. */
  comments: CommentRecord[];
}

/**
 * "comments: by target and type (page)" (spec part 1 §7): one page of top-level comments, oldest first
 * (part 2 §7), then every reply under them at any depth, found by the `root` the server keeps on each
 * reply. A thread of thousands of comments costs the reader one page of them.
 */
export async function getCommentPage(target: string, type: string, page: number): Promise<CommentPage> {
  const roots = await pb.collection('comments').getList<CommentRecord>(page, COMMENTS_PAGE_SIZE, {
    filter: pb.filter('target = {:target} && target.type = {:type} && reply = ""', { target, type }),
    sort: 'created,id',
    expand: COMMENT_EXPAND,
  });
  // By their roots alone: a reply's root is a comment on the same post (site/comment-threads.ts), and
  // naming the post as well leads SQLite's planner to walk the post's whole thread.
  const params: Record<string, string> = {};
  roots.items.forEach((root, i) => (params[`root${i}`] = root.id));
  const replies = roots.items.length
    ? await pb.collection('comments').getFullList<CommentRecord>({
        batch: FULL_LIST_BATCH,
        filter: pb.filter(roots.items.map((_, i) => `root = {:root${i}}`).join(' || '), params),
        sort: 'created,id',
        expand: COMMENT_EXPAND,
      })
    : [];
  return { page: roots.page, totalPages: roots.totalPages, comments: [...roots.items, ...replies] };
}

export function commentPageQueryOptions(target: string, type: string, page: number) {
  return queryOptions({
    queryKey: commentKeys.page(target, page),
    queryFn: () => getCommentPage(target, type, page),
  });
}

/** The page on show stays while the next one loads, so the pager does not jump away under the pointer. */
export function useCommentPage(target: string, type: string, page: number | null) {
  return useQuery({
    ...commentPageQueryOptions(target, type, page ?? 1),
    enabled: page !== null,
    placeholderData: keepPreviousData,
  });
}
