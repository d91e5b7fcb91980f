/**
 * Building blocks of the community's API rules (PRODUCT.md §2), in PocketBase's filter language.
 * "Members" are signed-in users of the `users` collection (banned accounts cannot sign in at all);
 * admins count as moderators.
 */
export const MEMBER = "@request.auth.id != '' && @request.auth.collectionName = 'users'";
export const MOD = "(@request.auth.roles ~ 'moderator' || @request.auth.roles ~ 'admin')";
export const ADMIN = "@request.auth.roles ~ 'admin'";
/**
 * The caller has given a birthday (PRODUCT.md §3). Every stored birthday is 18+ (site/registration.ts
 * refuses younger ones), so this is the age check for members who joined by single sign-on.
 */
export const ADULT = "@request.auth.birthday != ''";

/** The caller is this record's user field. */
export const owns = (field: string) => `${field} = @request.auth.id`;

/** None of these fields may be sent by the caller (they are kept by the server). */
export const untouched = (...fields: string[]) =>
  fields.map((f) => `@request.body.${f}:isset = false`).join(' && ');

/** None of these fields may change value. */
export const unchanged = (...fields: string[]) =>
  fields.map((f) => `@request.body.${f}:changed = false`).join(' && ');

export const all = (...parts: string[]) =>
  parts
    .filter(Boolean)
    .map((p) => `(${p})`)
    .join(' && ');
export const any = (...parts: string[]) =>
  parts
    .filter(Boolean)
    .map((p) => `(${p})`)
    .join(' || ');
