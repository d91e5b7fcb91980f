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
 * The mutation. The server ends every session of the account; the screen clears this one once it has
 * moved away (`DeleteAccount`): cleared earlier, the settings screen's guard would send the member to
 * sign in again instead.
 */
export function useDeleteAccount(
  userId: string,
  handlers: { onSuccess: (answer: DeletionAnswer) => Promise<void> | void; onError: (error: Error) => void },
) {
  return useMutation({ mutationKey: accountKeys.deletion(userId), mutationFn: deleteAccount, ...handlers });
}

export type DeletionChoices = Omit<AccountDeletion, 'password'>;

/**
 * For a member with no password to give (single sign-on): the server mails a link to the account's
 * address (`POST /api/account/delete/request-mail`); nothing changes until it is followed.
 */
export async function requestDeletionMail(
  choices: DeletionChoices,
): Promise<{ confirmWithinMinutes: number }> {
  return pb.send('/api/account/delete/request-mail', { method: 'POST', body: choices });
}

export function useRequestDeletionMail(
  userId: string,
  handlers: {
    onSuccess: (answer: { confirmWithinMinutes: number }) => void;
    onError: (error: Error) => void;
  },
) {
  return useMutation({
    mutationKey: accountKeys.deletionMail(userId),
    mutationFn: requestDeletionMail,
    ...handlers,
  });
}

/** The mailed link, followed while signed in (`POST /api/account/delete/confirm`). */
export async function confirmAccountDeletion(token: string): Promise<DeletionAnswer> {
  return pb.send<DeletionAnswer>('/api/account/delete/confirm', { method: 'POST', body: { token } });
}

/** As `useDeleteAccount`, for the mailed link. */
export function useConfirmAccountDeletion(
  userId: string,
  handlers: { onSuccess: (answer: DeletionAnswer) => Promise<void> | void; onError: (error: Error) => void },
) {
  return useMutation({
    mutationKey: accountKeys.deletionConfirmation(userId),
    mutationFn: confirmAccountDeletion,
    ...handlers,
  });
}
