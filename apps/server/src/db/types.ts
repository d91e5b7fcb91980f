import type { Kysely } from 'kysely';
import type { SqlFlavor } from '../tools/search/flavor';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The schema is dynamic (tables are derived from collection definitions at run time), so queries are
 * built against an untyped Kysely instance; typed row shapes live in core/.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKysely = Kysely<any>;

/** How a column stores its value; each dialect picks the SQL type per kind. */
export type ColumnKind = 'text' | 'number' | 'bool' | 'json' | 'jsonArray';

export type LockOutcome<T> = { acquired: true; value: T } | { acquired: false };

export interface Database {
  readonly dialect: DialectName;
  /** Writes, transactions, and reads that must see the transaction's own writes. */
  readonly kysely: AnyKysely;
  /**
   * Reads outside a transaction; they see the last committed state. On SQLite a separate read-only
   * connection that never waits behind an open write transaction; on PostgreSQL the same pool.
   * Never use it inside a transaction for rows the transaction may have changed.
   */
  readonly reader: AnyKysely;
  /** The dialect's SQL pieces for compiled filters and rules. */
  readonly flavor: SqlFlavor;
  /**
   * Writes a consistent copy of the whole database to `file` while it stays in use: SQLite's online
   * backup, or `pg_dump --format=custom` for PostgreSQL.
   */
  backup(file: string): Promise<void>;
  /**
   * Puts a copy written by `backup` in place of the whole database. SQLite: call it after `destroy`
   * (the file is replaced; the old one is kept beside it, see db/sqlite/restore.ts). PostgreSQL:
   * `pg_restore --clean` in one transaction, so a failed restore changes nothing; it runs its own
   * connection and works after `destroy` too.
   */
  restore(file: string): Promise<void>;
  /**
   * Runs `work` while holding a lock named `name` that every process using this database respects
   * (start-up steps, periodic jobs). PostgreSQL takes an advisory lock on a connection of its own;
   * SQLite, which one process owns, runs `work` directly. With `wait: false` the call gives up at
   * once when another process holds the lock, and answers `{ acquired: false }`.
   */
  withLock<T>(name: string, options: { wait: boolean }, work: () => Promise<T>): Promise<LockOutcome<T>>;
  /** PostgreSQL: the pool's connections and the queries waiting for one (the metrics show them). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Closes every connection; the instance is unusable afterwards. */
  destroy(): Promise<void>;
}
