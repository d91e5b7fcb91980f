/**
 * Passwords kept from another system an account was imported from (PocketBase has nothing like it). The
 * password sign-in asks these checks only after the site's own hash refused the password; the site layer
 * provides them (site/imported-accounts.ts), so the core knows no old system's hashing.
 */
import type { Collection } from '../collections/model';
import type { RecordData } from '../records/record';

export interface LegacyPasswordCheck {
  /** Whether `password` is the account's password in the system it came from. */
  matches(collection: Collection, record: RecordData, password: string): Promise<boolean>;
  /**
   * Makes `password` the account's password here, hashed as the site hashes, and forgets the old one;
   * returns the account as it is now stored. Throws an ApiError when the site cannot accept the password.
   */
  adopt(collection: Collection, record: RecordData, password: string): Promise<RecordData>;
}

/** The first check that recognises the password as the account's old one, if any. */
export async function legacyPasswordOf(
  checks: readonly LegacyPasswordCheck[],
  collection: Collection,
  record: RecordData,
  password: string,
): Promise<LegacyPasswordCheck | null> {
  for (const check of checks) if (await check.matches(collection, record, password)) return check;
  return null;
}
