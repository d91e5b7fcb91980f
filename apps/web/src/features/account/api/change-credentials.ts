import { pb } from '../../../lib/pocketbase';

/** "users: email change request" (spec part 1 §7): the server mails a /settings?emailChangeToken=… link. */
export async function requestEmailChange(newEmail: string): Promise<void> {
  await pb.collection('users').requestEmailChange(newEmail.trim().toLowerCase());
}

/**
 * Confirms an email change with the member's password. Spec part 1 §4: "Confirming an email change signs
 * the user out" (the server ends every session; the SDK clears the local one).
 */
export async function confirmEmailChange(token: string, password: string): Promise<void> {
  await pb.collection('users').confirmEmailChange(token, password);
  pb.authStore.clear();
}

export interface PasswordChange {
  oldPassword: string;
  password: string;
  passwordConfirm: string;
}

/**
 * Changes the password (the old one is required). The server ends every session of the member
 * (PRODUCT.md §3); this one signs in again with the new password so the member stays where they are.
 */
export async function changePassword(userId: string, username: string, change: PasswordChange) {
  await pb.collection('users').update(userId, change);
  await pb.collection('users').authWithPassword(username, change.password);
}
