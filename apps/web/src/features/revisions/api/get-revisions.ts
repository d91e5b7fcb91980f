import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { revisionKeys } from './keys';
import { REVISIONS_PAGE_SIZE, type RevisionRecord } from './types';

/** A story's revisions, newest first, with who saved each. */
export function getRevisions(postId: string, page: number) {
  return pb.collection('post_revisions').getList<RevisionRecord>(page, REVISIONS_PAGE_SIZE, {
    filter: pb.filter('post = {:post}', { post: postId }),
    sort: '-created,-id',
    expand: 'editor.profile',
  });
}

export function revisionsQueryOptions(postId: string, page: number) {
  return queryOptions({
    queryKey: revisionKeys.list(postId, page),
    queryFn: () => getRevisions(postId, page),
    placeholderData: keepPreviousData,
  });
}

export function useRevisions(postId: string, page: number) {
  return useQuery(revisionsQueryOptions(postId, page));
}
