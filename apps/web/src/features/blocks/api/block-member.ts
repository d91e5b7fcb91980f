import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import { BLOCK_TEXTS } from '../block-texts';
import { pb } from '../../../lib/pocketbase';
import type { BlockRecord } from './get-my-blocks';

/** Blocks a member: a `blocks` row with the signed-in member as the blocker. */
export function blockMember(blocker: string, blocked: string): Promise<BlockRecord> {
  return pb.collection('blocks').create<BlockRecord>({ blocker, blocked });
}

/**
 * Blocking changes what every list shows (the server leaves the blocked member's work out), so every
 * cached query is stale afterwards, not only the list of blocks. The success is said here, not by the
 * button: the screen changes under it (the profile gives way to the blocked notice) before a caller's
 * own callbacks would run.
 */
export function useBlockMember(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: string) => blockMember(userId, blocked),
    onError: flashError,
    onSuccess: () => {
      flash.success(BLOCK_TEXTS.blocked);
      return queryClient.invalidateQueries();
    },
  });
}
