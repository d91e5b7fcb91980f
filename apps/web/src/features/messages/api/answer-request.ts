import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { isLiveList } from './keys';

export type RequestAnswer = 'accepted' | 'declined';

/**
 * Safe messages (PRODUCT.md §14): the member answers the request `from` sent them. Declining blocks the
 * sender from messaging them (the server enforces it); the sender is not told.
 */
export async function answerRequest(me: string, from: string, status: RequestAnswer): Promise<void> {
  const request = await pb
    .collection('message_requests')
    .getFirstListItem(pb.filter('from = {:from} && to = {:me}', { from, me }));
  await pb.collection('message_requests').update(request.id, { status });
}

export function useAnswerRequest(me: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, status }: { from: string; status: RequestAnswer }) =>
      answerRequest(me, from, status),
    onSettled: () => queryClient.invalidateQueries({ predicate: isLiveList }),
  });
}
