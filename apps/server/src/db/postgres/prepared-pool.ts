/**
 * PostgreSQL connections that keep the statements the server runs again and again prepared, so each
 * run skips parsing and, once PostgreSQL settles on a generic plan, planning (docs/adr/0020-prepared-statements-on-postgresql.md).
 * Kysely sends every statement as an unnamed one, parsed and planned afresh; a comment's creation
 * runs about ten of them in one transaction, and on a busy site the same few dozen texts account
 * for nearly every statement.
 *
 * What is prepared, and for how long:
 *   - only reads and writes (SELECT, INSERT, UPDATE, DELETE, WITH), never transaction control or DDL;
 *   - only a text seen before in this process (a one-off statement is parsed once either way), and at
 *     most `MAX_PER_CONNECTION` texts on each connection (each costs the server memory), kept while
 *     the connection lives (the pool closes idle ones);
 *   - until the tables change: a prepared `SELECT *` whose table gained or lost a column fails with
 *     "cached plan must not change result type". DDL run here starts a new generation of names, and
 *     each connection forgets the old ones before its next statement. DDL run by another process is
 *     seen by that error: the generation moves on, and a statement outside a transaction is run
 *     again unprepared. Inside a transaction the error aborts it, as any failed statement does.
 */
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** Texts prepared on one connection at most. */
export const MAX_PER_CONNECTION = 200;
/** Texts whose sightings are counted at once; past it, the counts start over. */
const MAX_COUNTED = 5_000;

const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
const DEFINES = /^\s*(?:create|alter|drop|truncate)\b/i;
const BEGINS = /^\s*(?:begin|start\s+transaction)\b/i;
const ENDS = /^\s*(?:commit|end|rollback(?!\s+to\b))\b/i;

/** PostgreSQL's answer when a prepared statement's result columns changed under it. */
function isStalePlan(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change');
}

interface ConnectionState {
  generation: number;
  /** Text → the name it is prepared under on this connection. */
  names: Map<string, string>;
  inTransaction: boolean;
}

/** What every connection of the pool shares: which texts recur, and the generation of names. */
export class PreparedStatements {
  private generation = 0;
  private readonly seen = new Map<string, number>();
  private readonly states = new WeakMap<pg.PoolClient, ConnectionState>();
  /** Reads run again unprepared after another process's DDL caught them. */
  staleRetries = 0;

  /** Forgets every prepared statement: the tables' shapes may have changed. */
  invalidate(): void {
    this.generation++;
  }

  stateOf(client: pg.PoolClient): ConnectionState {
    let state = this.states.get(client);
    if (!state) {
      state = { generation: this.generation, names: new Map(), inTransaction: false };
      this.states.set(client, state);
    }
    return state;
  }

  /** The name to prepare `text` under on this connection, or undefined to run it unnamed. */
  nameFor(state: ConnectionState, text: string): string | undefined {
    const known = state.names.get(text);
    if (known) return known;
    if (!PREPARABLE.test(text) || state.names.size >= MAX_PER_CONNECTION) return undefined;
    const sightings = (this.seen.get(text) ?? 0) + 1;
    if (sightings < 2) {
      if (this.seen.size >= MAX_COUNTED) this.seen.clear();
      this.seen.set(text, sightings);
      return undefined;
    }
    this.seen.delete(text);
    const name = `s${this.generation}_${state.names.size}`;
    state.names.set(text, name);
    return name;
  }

  /** Whether the connection still holds names of an earlier generation (then it deallocates them). */
  isStale(state: ConnectionState): boolean {
    return state.generation !== this.generation;
  }

  renew(state: ConnectionState): void {
    state.generation = this.generation;
    state.names.clear();
  }
}

type QueryResult = PostgresQueryResult<unknown>;

/** A pool client that runs recurring statements prepared. */
class PreparingClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly statements: PreparedStatements,
  ) {}

  query(textOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown {
    // Cursors (streamed reads) pass through as they are.
    if (typeof textOrCursor !== 'string') return this.client.query(textOrCursor as pg.Submittable);
    return this.run(textOrCursor, [...(parameters ?? [])]);
  }

  private async run(text: string, values: unknown[]): Promise<QueryResult> {
    const { client, statements } = this;
    const state = statements.stateOf(client);
    // Old names go outside a transaction only: after a failed statement, a transaction accepts
    // nothing but its rollback. Until then the connection runs everything unprepared.
    if (statements.isStale(state) && !state.inTransaction) {
      if (state.names.size > 0) await client.query('DEALLOCATE ALL');
      statements.renew(state);
    }
    if (DEFINES.test(text)) statements.invalidate();
    else if (BEGINS.test(text)) state.inTransaction = true;
    else if (ENDS.test(text)) state.inTransaction = false;

    const name = statements.isStale(state) ? undefined : statements.nameFor(state, text);
    if (!name) return (await client.query({ text, values })) as unknown as QueryResult;
    try {
      return (await client.query({ name, text, values })) as unknown as QueryResult;
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      statements.invalidate();
      if (state.inTransaction) throw error;
      statements.staleRetries++;
      return (await client.query({ text, values })) as unknown as QueryResult;
    }
  }

  release(): void {
    this.client.release();
  }
}

/** Kysely's pool over a node-postgres pool, with recurring statements prepared. */
export function preparingPool(pool: pg.Pool, statements = new PreparedStatements()): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return new PreparingClient(client, statements) as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
