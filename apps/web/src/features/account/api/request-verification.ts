import { useMutation } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';

/** "users: verification request" (spec part 1 §7): the server mails a /settings?verificationToken=… link. */
export async function requestVerification(email: string): Promise<void> {
  await pb.collection('users').requestVerification(email);
}

/** Asks for the verification mail; refusals flash (spec part 1 §8). */
export function useRequestVerification(onSuccess: () => void) {
  return useMutation({ mutationFn: requestVerification, onError: flashError, onSuccess });
}
