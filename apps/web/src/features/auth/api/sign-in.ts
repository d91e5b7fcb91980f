import { pb } from '../../../lib/pocketbase';
import type { SessionUser } from '../../../lib/session';

/** Usernames and emails are stored in lower case, so the identity is sent that way (spec part 1 §5). */
export function normalizeIdentity(identity: string): string {
  return identity.trim().toLowerCase();
}

/** "users: password login" (spec part 1 §7); the SDK keeps the token and record in the auth store. */
export async function signInWithPassword(identity: string, password: string): Promise<SessionUser> {
  const { record } = await pb
    .collection('users')
    .authWithPassword<SessionUser>(normalizeIdentity(identity), password);
  return record;
}

/** "users: single-sign-on login": the SDK's popup flow with the provider `auth-methods` lists. */
export async function signInWithProvider(provider: string): Promise<SessionUser> {
  const { record } = await pb.collection('users').authWithOAuth2<SessionUser>({ provider });
  return record;
}

/** "profiles: get first by user": the member's profile id, or undefined when there is none. */
async function findProfileId(userId: string): Promise<string | undefined> {
  const found = await pb
    .collection('profiles')
    .getList(1, 1, { filter: pb.filter('user = {:user}', { user: userId }), skipTotal: true });
  return found.items[0]?.id;
}

/**
 * Finishes an account that has no linked profile yet (PRODUCT.md §3): a registration that stopped
 * midway, or a first single sign-on. It finds or creates the profile (name and user), links it to the
 * user and refreshes the session so the stored record carries the link. Returns whether it had to act,
 * in which case the member is best sent to /edit-profile to fill the profile in.
 */
export async function ensureProfile(): Promise<boolean> {
  const user = pb.authStore.record as SessionUser | null;
  if (!user || user.profile) return false;
  const profileId =
    (await findProfileId(user.id)) ??
    (await pb.collection('profiles').create({ name: user.username, user: user.id })).id;
  await pb.collection('users').update(user.id, { profile: profileId });
  await pb.collection('users').authRefresh();
  return true;
}
