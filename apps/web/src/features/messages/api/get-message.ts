import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { messageKeys } from './keys';
import type { DirectMessage } from './types';

/** "messages: get one" (spec part 2 §7): /messages/{messageId} opens that message's conversation. */
export function getMessage(messageId: string): Promise<DirectMessage> {
  return pb.collection('messages').getOne<DirectMessage>(messageId);
}

export function messageQueryOptions(messageId: string) {
  return queryOptions({ queryKey: messageKeys.message(messageId), queryFn: () => getMessage(messageId) });
}

export function useMessage(messageId: string, enabled: boolean) {
  return useQuery({ ...messageQueryOptions(messageId), enabled });
}
