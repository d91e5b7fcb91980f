import { useMutation } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { accountKeys } from './keys';

/** What becomes of the member's stories and series, and of their comments and forum posts. */
export type WorksChoice = 'orphan' | 'delete';
export type DiscussionsChoice = 'keep' | 'delete';

export interface AccountDeletion {
  password: string;
  works: WorksChoice;
  discussions: DiscussionsChoice;
}

export interface DeletionAnswer {
  /** When the account is erased, unless the member signs in before. */
  eraseAfter: string;
  graceDays: number;
  usernameCoolingOffDays: number;
}

/** Asks for the account to be deleted (`POST /api/account/delete`, docs/openapi.json). */
export async function deleteAccount(request: AccountDeletion): Promise<DeletionAnswer> {
  return pb.send<DeletionAnswer>('/api/account/delete', { method: 'POST', body: request });
}

/**
 * The mutation. The server ends every session of the account, so this one is cleared too (signing in
 * again is what cancels the deletion), once the screen's own `onSuccess` (its navigation away) is done:
 * cleared before, the settings screen's guard would send the member to sign in instead.
 */
export function useDeleteAccount(
  userId: string,
  handlers: { onSuccess: (answer: DeletionAnswer) => Promise<void> | void; onError: (error: Error) => void },
) {
  return useMutation({
    mutationKey: accountKeys.deletion(userId),
    mutationFn: deleteAccount,
    onError: handlers.onError,
    onSuccess: async (answer) => {
      await handlers.onSuccess(answer);
      pb.authStore.clear();
    },
  });
}
