import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { coauthorKeys } from './keys';
import type { InvitationRecord } from './types';

/**
 * The signed-in member's invitations still waiting for an answer, newest first, with who invited them.
 * The post is expanded when the member may open it (a published one); the title and address kept on the
 * invitation serve otherwise.
 */
export function getMyInvitations(userId: string): Promise<InvitationRecord[]> {
  return pb.collection('post_invitations').getFullList<InvitationRecord>({
    filter: pb.filter("user = {:user} && status = 'pending'", { user: userId }),
    sort: '-created,-id',
    expand: 'inviter.profile,post',
  });
}

export function myInvitationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: coauthorKeys.mine(userId),
    queryFn: () => getMyInvitations(userId),
    enabled: Boolean(userId),
  });
}

export function useMyInvitations(userId: string) {
  return useQuery(myInvitationsQueryOptions(userId));
}
