import { ClientResponseError } from 'pocketbase';
import { pb } from './pocketbase';

/**
 * At start-up, asks the server for the signed-in member's current record (spec part 2 §9 start-up), so a
 * change made by staff meanwhile (new roles, a ban) applies at the next page load: new roles show their
 * navigation; a token the server no longer accepts (a ban ends every session) signs the browser out.
 * Other failures (offline, a server restarting) keep the session as it is.
 */
export async function refreshSession(): Promise<void> {
  if (!pb.authStore.isValid || pb.authStore.record?.collectionName !== 'users') return;
  try {
    await pb.collection('users').authRefresh();
  } catch (error) {
    if (error instanceof ClientResponseError && (error.status === 401 || error.status === 403)) {
      pb.authStore.clear();
    }
  }
}
