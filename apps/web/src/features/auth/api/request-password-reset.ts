import { useMutation } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { normalizeIdentity } from './sign-in';

/** "users: reset request" (spec part 1 §7): the server mails a link to /forgot-password?resetToken=…. */
export async function requestPasswordReset(email: string): Promise<void> {
  await pb.collection('users').requestPasswordReset(normalizeIdentity(email));
}

/** Asks for the reset mail; refusals flash (spec part 1 §8). */
export function useRequestPasswordReset(onSuccess: () => void) {
  return useMutation({ mutationFn: requestPasswordReset, onError: flashError, onSuccess });
}
