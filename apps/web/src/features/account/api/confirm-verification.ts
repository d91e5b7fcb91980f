import { useMutation } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';

/**
 * "users: verification confirm"; the SDK then marks the signed-in record verified if it is that user. The
 * session is then read again from the server: a session check the page started as it opened may answer
 * after the confirmation with the record as it was before, and must not leave it looking unverified.
 */
export async function confirmVerification(token: string): Promise<void> {
  await pb.collection('users').confirmVerification(token);
  // A fresh request, not the start-up check that may still be on its way (it is asked before the
  // confirmation, so its answer is the old record). A failure here changes nothing already confirmed.
  if (pb.authStore.isValid) {
    await pb
      .collection('users')
      .authRefresh({ requestKey: null })
      .catch(() => undefined);
  }
}

/** Confirms the mailed token; refusals flash (spec part 1 §8). */
export function useConfirmVerification(onSuccess: () => void) {
  return useMutation({ mutationFn: confirmVerification, onError: flashError, onSuccess });
}
