import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { isNotFoundError } from '../../../lib/errors';
import { messageKeys } from './keys';
import type { ConversationRecord } from './types';

/** One conversation record, or null while it has no messages yet (the server creates it with the first). */
export async function getConversation(conversationId: string): Promise<ConversationRecord | null> {
  try {
    return await pb.collection('conversations').getOne<ConversationRecord>(conversationId);
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export function useConversation(conversationId: string) {
  return useQuery(
    queryOptions({
      queryKey: messageKeys.conversation(conversationId),
      queryFn: () => getConversation(conversationId),
    }),
  );
}
