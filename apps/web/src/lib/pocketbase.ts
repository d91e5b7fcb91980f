import PocketBase from 'pocketbase';

/**
 * The one SDK client of the app. The API is served from the same origin as the app, so the base URL
 * is the site root; the SDK keeps the session in localStorage under its default key.
 */
export const pb = new PocketBase('/');

// The SDK's auto-cancellation keys requests by method and path only, so two different lists of one
// collection (say the notifications dropdown and the notifications page) would abort each other.
// TanStack Query already de-duplicates identical requests and drops stale answers, so it is switched off.
pb.autoCancellation(false);

// A token the server no longer accepts (the password or email was changed in another session, a ban:
// PRODUCT.md §3) ends the session here too, so the guards send the member to log in again.
pb.afterSend = (response, data: unknown) => {
  if (response.status === 401 && pb.authStore.token) pb.authStore.clear();
  return data;
};
