import type { Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The schema is dynamic (tables are derived from collection definitions at run time), so queries are
 * built against an untyped Kysely instance; typed row shapes live in core/.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKysely = Kysely<any>;

export interface Database {
  readonly dialect: DialectName;
  readonly kysely: AnyKysely;
  /** Closes every connection; the instance is unusable afterwards. */
  destroy(): Promise<void>;
}
