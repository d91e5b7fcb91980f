import { pb } from '../../../lib/pocketbase';

/** "users: verification request" (spec part 1 §7): the server mails a /settings?verificationToken=… link. */
export async function requestVerification(email: string): Promise<void> {
  await pb.collection('users').requestVerification(email);
}

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
