import { pb } from '../../../lib/pocketbase';
import { normalizeIdentity, signInWithPassword } from './sign-in';

/** What the registration form sends; username and email are normalised here. */
export interface Registration {
  username: string;
  name: string;
  email: string;
  /** `YYYY-MM-DD`. */
  birthday: string;
  password: string;
  passwordConfirm: string;
}

/**
 * The registration sequence of spec part 1 §4: create the user, create the profile (name and user),
 * sign in, link the profile to the user, sign in again.
 *
 * One deviation, forced by the server: a profile may only be created by its signed-in owner
 * (PRODUCT.md §2), so the first sign-in comes before the profile, not after it. Should a step after
 * the account exists fail, the visitor is signed out again; signing in later finishes the profile
 * (see `ensureProfile`). Last, the verification mail is requested.
 */
export async function registerAccount(registration: Registration): Promise<{ verificationSent: boolean }> {
  const users = pb.collection('users');
  const username = normalizeIdentity(registration.username);
  const email = normalizeIdentity(registration.email);
  const user = await users.create({
    username,
    email,
    birthday: registration.birthday,
    password: registration.password,
    passwordConfirm: registration.passwordConfirm,
  });
  try {
    await signInWithPassword(username, registration.password);
    const profile = await pb.collection('profiles').create({ name: registration.name.trim(), user: user.id });
    await users.update(user.id, { profile: profile.id });
    await signInWithPassword(username, registration.password);
  } catch (error) {
    pb.authStore.clear();
    throw error;
  }
  // The verification mail goes out at once, so the new member need not look for it in the settings. The
  // account exists whatever happens here; a failure only means they ask for it there later.
  const verificationSent = await users
    .requestVerification(email)
    .then(() => true)
    .catch(() => false);
  return { verificationSent };
}
