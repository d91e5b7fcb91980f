import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { messageKeys } from './keys';
import type { MemberProfile } from './types';

export interface ConversationPartner {
  id: string;
  username: string;
  expand?: { profile?: MemberProfile };
}

/** The other member of a conversation, with their profile (members may view users, spec PRODUCT.md §2). */
export function getMember(userId: string): Promise<ConversationPartner> {
  return pb.collection('users').getOne<ConversationPartner>(userId, { expand: 'profile' });
}

export function memberQueryOptions(userId: string) {
  return queryOptions({
    queryKey: messageKeys.member(userId),
    queryFn: () => getMember(userId),
    enabled: !!userId,
    staleTime: 60_000,
  });
}

export function useMember(userId: string) {
  return useQuery(memberQueryOptions(userId));
}
