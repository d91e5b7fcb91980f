import PocketBase from 'pocketbase';

/**
 * The one SDK client of the app. The API is served from the same origin as the app, so the base URL
 * is the site root; the SDK keeps the session in localStorage under its default key.
 */
export const pb = new PocketBase('/');
