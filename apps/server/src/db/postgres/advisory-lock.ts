/**
 * Named locks shared by every process on one PostgreSQL database: a session advisory lock held on
 * one pooled connection for as long as the work runs. If the process dies, its connection closes and
 * PostgreSQL releases the lock, so a crashed holder never blocks the others.
 */
import { sql } from 'kysely';
import type { AnyKysely, LockOutcome } from '../types';

/** Advisory locks are keyed by numbers; names are namespaced so other applications' locks never clash. */
const keyOf = (name: string) => sql`hashtext(${`community-lock:${name}`})`;

export async function withAdvisoryLock<T>(
  kysely: AnyKysely,
  name: string,
  options: { wait: boolean },
  work: () => Promise<T>,
): Promise<LockOutcome<T>> {
  return kysely.connection().execute(async (connection) => {
    if (options.wait) {
      await sql`SELECT pg_advisory_lock(${keyOf(name)})`.execute(connection);
    } else {
      const result = await sql<{
        locked: boolean;
      }>`SELECT pg_try_advisory_lock(${keyOf(name)}) AS locked`.execute(connection);
      if (result.rows[0]?.locked !== true) return { acquired: false as const };
    }
    try {
      return { acquired: true as const, value: await work() };
    } finally {
      await sql`SELECT pg_advisory_unlock(${keyOf(name)})`.execute(connection);
    }
  });
}
