import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMemberProfiles } from './get-member-profiles';
import { messageKeys } from './keys';

/** The profiles of the senders in the inbox dropdown, for their names. */
export function inboxSendersQueryOptions(senderIds: readonly string[]) {
  const ids = [...new Set(senderIds)].sort();
  return queryOptions({
    queryKey: messageKeys.profiles(ids),
    queryFn: () => getMemberProfiles(ids),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

export function useInboxSenders(senderIds: readonly string[]) {
  return useQuery(inboxSendersQueryOptions(senderIds));
}
