import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';

/** Unblocks: the `blocks` row is removed. */
export async function unblockMember(blockId: string): Promise<void> {
  await pb.collection('blocks').delete(blockId);
}

/** As with blocking, every cached list may change, so all of them are read again. */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onError: flashError,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
