import { ClientResponseError } from 'pocketbase';
import { pb } from './pocketbase';

/**
 * Asks the server whether the stored session still stands, and ends it in the app when it does not.
 *
 * A token stays valid by its expiry in the browser, but the server stops accepting it earlier when the
 * member's password or email changes, a ban ends it, or the account is gone. The server then treats the
 * request as a visitor's (lists come back empty, pages "missing") instead of refusing it, so the app must
 * ask: "refresh auth" answers 401 for a token it no longer accepts (403 for a banned member). Network failures prove
 * nothing and leave the session alone.
 *
 * Returns false when the session was ended.
 */
export function confirmSession(): Promise<boolean> {
  // Several failed requests at once ask once.
  pending ??= askServer().finally(() => (pending = null));
  return pending;
}

let pending: Promise<boolean> | null = null;

async function askServer(): Promise<boolean> {
  if (!pb.authStore.isValid) return true;
  const collection = pb.authStore.record?.collectionName || 'users';
  try {
    await pb.collection(collection).authRefresh({ requestKey: null });
    return true;
  } catch (error) {
    if (mayMeanSessionEnded(error)) {
      pb.authStore.clear();
      return false;
    }
    return true;
  }
}

/** Answers that may mean the session ended on the server: worth a `confirmSession`. */
export function mayMeanSessionEnded(error: unknown): boolean {
  return error instanceof ClientResponseError && (error.status === 401 || error.status === 403);
}
