import type { Database } from '../../db/types';
import type { FileStorage } from '../../tools/files/storage';
import type { CollectionRegistry } from '../collections/registry';
import type { Hooks } from '../hooks';
import type { ListCache } from './list-cache';

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
  /** Where file fields' uploads are kept; chosen at start (src/file-storage.ts) and given to createCore. */
  files?: FileStorage;
  /** Remembered list totals (list-cache.ts); without it every total is counted. */
  lists?: ListCache;
}

/** The SQL alias of the row a query is about; generated aliases use other prefixes. */
export const ROW = '_r';
