import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { coauthorKeys } from './keys';
import type { InvitationRecord } from './types';

/** A post's invitations still waiting for an answer, oldest first, with who was invited. */
export function getPostInvitations(postId: string): Promise<InvitationRecord[]> {
  return pb.collection('post_invitations').getFullList<InvitationRecord>({
    filter: pb.filter("post = {:post} && status = 'pending'", { post: postId }),
    sort: 'created,id',
    expand: 'user.profile',
  });
}

export function postInvitationsQueryOptions(postId: string) {
  return queryOptions({
    queryKey: coauthorKeys.invitations(postId),
    queryFn: () => getPostInvitations(postId),
  });
}

export function usePostInvitations(postId: string) {
  return useQuery(postInvitationsQueryOptions(postId));
}
