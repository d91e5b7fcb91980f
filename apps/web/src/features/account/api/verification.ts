import { pb } from '../../../lib/pocketbase';

/** "users: verification request" (spec part 1 §7): the server mails a /settings?verificationToken=… link. */
export async function requestVerification(email: string): Promise<void> {
  await pb.collection('users').requestVerification(email);
}

/** "users: verification confirm"; the SDK then marks the signed-in record verified if it is that user. */
export async function confirmVerification(token: string): Promise<void> {
  await pb.collection('users').confirmVerification(token);
}
