import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { adminCountKeys, moderationLogKeys, userDirectoryKeys } from './keys';

export interface AccountRemoval {
  user: string;
  /** The member's stories and series: kept as by "orphaned", or deleted. */
  works: 'orphan' | 'delete';
  /** Their comments and forum posts: kept as by "deleted member", or deleted. */
  discussions: 'keep' | 'delete';
  reason: string;
}

export const ACCOUNT_REMOVAL_TEXTS = {
  done: 'Account deleted',
  reasonRequired: 'Give a reason: the moderation log keeps it',
} as const;

/**
 * An admin deletes a member's account at once (`POST /api/account/delete-member`, issue 45); the
 * server erases it and keeps the reason in the moderation log. The account is named in the body, as
 * the server wants it.
 */
export async function deleteUserAccount(removal: AccountRemoval): Promise<void> {
  await pb.send('/api/account/delete-member', {
    method: 'POST',
    body: { ...removal, reason: removal.reason.trim() },
  });
}

export function useDeleteUserAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserAccount,
    onSuccess: () => void flash.success(ACCOUNT_REMOVAL_TEXTS.done),
    onError: flashError,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userDirectoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: moderationLogKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminCountKeys.all }),
      ]),
  });
}
