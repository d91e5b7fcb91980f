import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import { BLOCK_TEXTS } from '../block-texts';
import { pb } from '../../../lib/pocketbase';

/** Unblocks: the `blocks` row is removed. */
export async function unblockMember(blockId: string): Promise<void> {
  await pb.collection('blocks').delete(blockId);
}

/**
 * As with blocking, every cached list may change, so all of them are read again; the success is said here
 * since the Unblock button leaves the screen with it.
 */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onError: flashError,
    onSuccess: () => {
      flash.success(BLOCK_TEXTS.unblocked);
      return queryClient.invalidateQueries();
    },
  });
}
