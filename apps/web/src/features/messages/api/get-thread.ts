import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { sidesOf } from './conversation-id';
import { messageKeys } from './keys';
import type { DirectMessage } from './types';

/** Messages are read in pages of this size until the whole thread is in. */
const THREAD_BATCH = 200;

/**
 * "messages: full list for a conversation (both directions, sort created ascending, sender expanded)"
 * (spec part 2 §7), the sender "together with the profile name" (§3).
 */
export async function getThread(conversationId: string): Promise<DirectMessage[]> {
  const sides = sidesOf(conversationId);
  if (!sides) return [];
  const [a, b] = sides;
  return pb.collection('messages').getFullList<DirectMessage>({
    batch: THREAD_BATCH,
    filter: pb.filter('(from = {:a} && to = {:b}) || (from = {:b} && to = {:a})', { a, b }),
    sort: 'created,id',
    expand: 'from,from.profile',
  });
}

export function threadQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: messageKeys.thread(conversationId),
    queryFn: () => getThread(conversationId),
  });
}

export function useThread(conversationId: string) {
  return useQuery(threadQueryOptions(conversationId));
}
