import { useMutation } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';

/** "users: reset confirm" with the token from the mail; a mismatch is the server's to report (§5). */
export async function confirmPasswordReset(
  token: string,
  password: string,
  passwordConfirm: string,
): Promise<void> {
  await pb.collection('users').confirmPasswordReset(token, password, passwordConfirm);
}

/** Sets the new password with the mailed token; refusals flash (spec part 1 §8). */
export function useConfirmPasswordReset(token: string, onSuccess: () => void) {
  return useMutation({
    mutationFn: ({ password, passwordConfirm }: { password: string; passwordConfirm: string }) =>
      confirmPasswordReset(token, password, passwordConfirm),
    onError: flashError,
    onSuccess,
  });
}
