import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { isLiveList } from './keys';
import type { DirectMessage } from './types';

export interface NewMessage {
  from: string;
  to: string;
  content: string;
  attachments: readonly File[];
}

/** "messages: create (multipart: to, from, subject, content, attachments, is_read)" (spec part 2 §7). */
export function sendMessage({ from, to, content, attachments }: NewMessage): Promise<DirectMessage> {
  const form = new FormData();
  form.append('from', from);
  form.append('to', to);
  form.append('subject', '');
  form.append('content', content);
  for (const file of attachments) form.append('attachments', file);
  return pb.collection('messages').create<DirectMessage>(form);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ predicate: isLiveList }),
  });
}
