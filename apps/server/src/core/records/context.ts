import type { Database } from '../../db/types';
import type { CollectionRegistry } from '../collections/registry';
import type { Hooks } from '../hooks';

/** Hashes and checks passwords; implemented in tools/security (bcrypt in a worker pool). */
export interface PasswordHashing {
  hash(plain: string): Promise<string>;
  verify(plain: string, hash: string): Promise<boolean>;
}

/** What the record layer needs from the app. */
export interface RecordContext {
  db: Database;
  registry: CollectionRegistry;
  hooks: Hooks;
  passwords: PasswordHashing;
}

/** The SQL alias of the row a query is about; generated aliases use other prefixes. */
export const ROW = '_r';
