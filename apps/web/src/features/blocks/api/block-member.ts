import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import type { BlockRecord } from './get-my-blocks';

/** Blocks a member: a `blocks` row with the signed-in member as the blocker. */
export function blockMember(blocker: string, blocked: string): Promise<BlockRecord> {
  return pb.collection('blocks').create<BlockRecord>({ blocker, blocked });
}

/**
 * Blocking changes what every list shows (the server leaves the blocked member's work out), so every
 * cached query is stale afterwards, not only the list of blocks.
 */
export function useBlockMember(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: string) => blockMember(userId, blocked),
    onError: flashError,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
