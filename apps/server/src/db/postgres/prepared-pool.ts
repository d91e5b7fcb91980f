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
 *
 * A transaction's BEGIN is held back and sent in the same write as its first statement, both
 * answered after one Sync (`AfterBegin`), so a transaction costs one round trip less
 * (docs/adr/0022-fewer-round-trips-per-write-on-postgresql.md). PostgreSQL runs the messages before a Sync
 * in an implicit transaction, and a BEGIN among them turns it into the explicit one the later
 * statements join, as libpq's pipeline mode relies on. The BEGIN is itself a statement prepared on
 * the connection (by its first transaction, which sends it alone): were it parsed beside the
 * statement, node-postgres would take its ParseComplete for the statement's. A transaction that
 * ends before any statement sends neither its BEGIN nor its end.
 */
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';

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
  /** The BEGIN texts prepared on this connection, under their names. */
  begins: Map<string, string>;
  inTransaction: boolean;
  /** The BEGIN (or START TRANSACTION) text waiting for the transaction's first statement. */
  heldBegin?: string;
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
      state = { generation: this.generation, names: new Map(), begins: new Map(), inTransaction: false };
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
    state.begins.clear();
  }
}

type QueryResult = PostgresQueryResult<unknown>;

/** The answer to a BEGIN or an end held back: Kysely reads nothing of it. */
function heldAnswer(command: string): QueryResult {
  return { command, rowCount: 0, rows: [] } as unknown as QueryResult;
}

/** The parts of node-postgres's connection a query writes its messages with. */
interface WireConnection {
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  execute(message: { portal: string }): void;
}

type PgAnswer = QueryResult | QueryResult[];
type QueryBase = new (
  config: pg.QueryConfig & { queryMode: 'extended' },
  values: undefined,
  callback: (error: Error | undefined, answer: PgAnswer) => void,
) => { prepare(connection: WireConnection): void };

/**
 * node-postgres's extended-protocol query, with the bind and execute of a BEGIN prepared on the
 * connection written before the statement's own messages and its Sync (the query corks the socket
 * around them, so they leave in one write). The backend answers the BEGIN's CommandComplete first;
 * node-postgres collects each CommandComplete as a result of its own, and the statement's is the last.
 */
class AfterBegin extends (pg.Query as unknown as QueryBase) {
  constructor(
    private readonly beginName: string,
    config: pg.QueryConfig,
    done: (error: Error | undefined, answer: QueryResult) => void,
  ) {
    super({ ...config, queryMode: 'extended' }, undefined, (error, answer) =>
      error
        ? done(error, undefined as never)
        : done(undefined, Array.isArray(answer) ? answer.at(-1)! : answer),
    );
  }

  override prepare(connection: WireConnection): void {
    connection.bind({ portal: '', statement: this.beginName, values: [] });
    connection.execute({ portal: '' });
    super.prepare(connection);
  }
}

/** A pool client that runs recurring statements prepared. */
class PreparingClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly statements: PreparedStatements,
  ) {}

  query(textOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown {
    // Cursors (streamed reads) pass through as they are, behind a held BEGIN (node-postgres sends
    // the queries of a connection in turn).
    if (typeof textOrCursor !== 'string') {
      const state = this.statements.stateOf(this.client);
      if (state.heldBegin !== undefined) {
        void this.client.query(state.heldBegin).catch(() => undefined);
        state.heldBegin = undefined;
      }
      return this.client.query(textOrCursor as pg.Submittable);
    }
    return this.run(textOrCursor, [...(parameters ?? [])]);
  }

  private async run(text: string, values: unknown[]): Promise<QueryResult> {
    const { client, statements } = this;
    const state = statements.stateOf(client);
    // Old names go outside a transaction only: after a failed statement, a transaction accepts
    // nothing but its rollback. Until then the connection runs everything unprepared.
    if (statements.isStale(state) && !state.inTransaction) {
      if (state.names.size > 0 || state.begins.size > 0) await client.query('DEALLOCATE ALL');
      statements.renew(state);
    }
    if (BEGINS.test(text)) {
      state.inTransaction = true;
      state.heldBegin = text;
      return heldAnswer('BEGIN');
    }
    const begin = state.heldBegin;
    state.heldBegin = undefined;
    if (ENDS.test(text)) {
      state.inTransaction = false;
      // Nothing ran since the BEGIN, which was never sent: there is nothing to end.
      if (begin !== undefined) return heldAnswer(text.trim().split(/\s+/)[0]!.toUpperCase());
    } else if (DEFINES.test(text)) statements.invalidate();

    const name = statements.isStale(state) ? undefined : statements.nameFor(state, text);
    const config = name ? { name, text, values } : { text, values };
    if (begin !== undefined) {
      const beginName = state.begins.get(begin);
      if (beginName) return this.afterBegin(beginName, config);
      if (statements.isStale(state)) {
        await client.query(begin);
      } else {
        // The connection's first transaction of a generation prepares its BEGIN on the way.
        const newName = `b${state.generation}_${state.begins.size}`;
        await client.query({ name: newName, text: begin });
        state.begins.set(begin, newName);
      }
    }
    if (!name) return (await client.query(config)) as unknown as QueryResult;
    try {
      return (await client.query(config)) as unknown as QueryResult;
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      statements.invalidate();
      if (state.inTransaction) throw error;
      statements.staleRetries++;
      return (await client.query({ text, values })) as unknown as QueryResult;
    }
  }

  /** Sends the prepared BEGIN `beginName` and the transaction's first statement in one write. */
  private afterBegin(beginName: string, config: pg.QueryConfig): Promise<QueryResult> {
    return new Promise((resolve, reject) => {
      const query = new AfterBegin(beginName, config, (error, answer) => {
        if (!error) return resolve(answer);
        if (isStalePlan(error)) this.statements.invalidate();
        reject(error);
      });
      void this.client.query(query as unknown as pg.Submittable);
    });
  }

  release(): void {
    const state = this.statements.stateOf(this.client);
    if (state.heldBegin !== undefined) {
      state.heldBegin = undefined;
      state.inTransaction = false;
    }
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
