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

export interface Database {
  readonly dialect: DialectName;
  readonly kysely: AnyKysely;
  /** The dialect's SQL pieces for compiled filters and rules. */
  readonly flavor: SqlFlavor;
  /**
   * Writes a consistent copy of the whole database to `file` while it stays in use: SQLite's online
   * backup, or `pg_dump --format=custom` for PostgreSQL.
   */
  backup(file: string): Promise<void>;
  /** Closes every connection; the instance is unusable afterwards. */
  destroy(): Promise<void>;
}
