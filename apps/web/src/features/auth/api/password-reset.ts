import { pb } from '../../../lib/pocketbase';
import { normalizeIdentity } from './sign-in';

/** "users: reset request" (spec part 1 §7): the server mails a link to /forgot-password?resetToken=…. */
export async function requestPasswordReset(email: string): Promise<void> {
  await pb.collection('users').requestPasswordReset(normalizeIdentity(email));
}

/** "users: reset confirm" with the token from the mail; a mismatch is the server's to report (§5). */
export async function confirmPasswordReset(
  token: string,
  password: string,
  passwordConfirm: string,
): Promise<void> {
  await pb.collection('users').confirmPasswordReset(token, password, passwordConfirm);
}
