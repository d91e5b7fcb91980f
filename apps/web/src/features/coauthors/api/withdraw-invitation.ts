import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { COAUTHOR_TEXTS } from '../coauthor-texts';
import { coauthorKeys } from './keys';

/** Withdraws a pending invitation: its row is removed (the post's contributors may). */
export async function withdrawInvitation(invitationId: string): Promise<void> {
  await pb.collection('post_invitations').delete(invitationId);
}

export function useWithdrawInvitation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onError: flashError,
    onSuccess: () => {
      flash.success(COAUTHOR_TEXTS.withdrawn);
      return queryClient.invalidateQueries({ queryKey: coauthorKeys.invitations(postId) });
    },
  });
}
